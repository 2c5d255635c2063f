// The modal form every changing console action uses (Ant Design Pro's ModalForm): its own fields, a required
// 修改原因 (the audit row's reason) unless the action has none, one call on 确定, the lists it changes refetched, and
// the server's Chinese message on refusal. Sections pass their fields as children (antd Form.Item).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@uc/client';
import { MSG } from '@uc/shared';
import { App, Form, Input, Modal } from 'antd';
import { type ReactNode, useId } from 'react';

/** The reason's limit: `reasonField` of packages/shared. */
const REASON_MAX = 200;

export interface ActionModalProps<V extends object> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The call; `values` are the form's, with `reason` when the action asks for one. */
  submit: (values: V & { reason: string }) => Promise<unknown>;
  /** Query keys' first parts to refetch after success, e.g. ['orders', 'order']. */
  invalidate: readonly string[];
  /** The toast after success, e.g. '退款已提交'. */
  successText: string;
  /** The fields before the reason (Form.Item elements). */
  children?: ReactNode;
  /** The reason's label; false for an action without one. Default 修改原因. */
  reasonLabel?: string | false;
  initialValues?: Partial<V>;
  okText?: string;
  /** A destructive action (停用, 作废, 退款): a red 确定. */
  danger?: boolean;
  /** Called with the call's answer after success (e.g. to show a one-time secret). */
  onDone?: (answer: unknown) => void;
}

export function ActionModal<V extends object>({
  title,
  open,
  onClose,
  submit,
  invalidate,
  successText,
  children,
  reasonLabel = '修改原因',
  initialValues,
  okText = '确定',
  danger = false,
  onDone,
}: ActionModalProps<V>) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<V & { reason: string }>();
  // Its own field ids: a page holds several of these modals rendered at once (forceRender), and each label must point
  // at its own modal's field (a shared id="reason" labelled another modal's input).
  const formName = useId();
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (answer) => {
      void message.success(successText);
      await Promise.all(invalidate.map((key) => client.invalidateQueries({ queryKey: [key] })));
      form.resetFields();
      onDone?.(answer);
      onClose();
    },
    onError: (error) => {
      // 401 and 403 are already handled (登录, the role's message).
      const handled = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!handled) void message.error(error.message);
    },
  });

  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      okButtonProps={{ danger, loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<V & { reason: string }>
        form={form}
        name={formName}
        layout="vertical"
        initialValues={initialValues as never}
        onFinish={(values) => mutation.mutate({ ...values, reason: values.reason ?? '' })}
      >
        {children}
        {reasonLabel !== false && (
          <Form.Item
            name="reason"
            label={reasonLabel}
            rules={[
              { required: true, whitespace: true, message: MSG.reasonRequired },
              { max: REASON_MAX, message: MSG.reasonTooLong },
            ]}
          >
            <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
