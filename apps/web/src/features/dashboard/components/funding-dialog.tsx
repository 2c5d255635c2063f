// The funding record dialog (docs/requirements.md §2 "Dashboard funding dialog", §5 rules): 新增 or 编辑.
import { ApiError } from '@uc/client';
import type { FundingRow } from '@uc/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { errorText } from '../../../lib/http/api-error';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { useSaveFunding } from '../api/save-funding';
import { FUNDING_RULES, type FundingFormValues } from '../model/funding-form';

export interface FundingDialogProps {
  open: boolean;
  /** The row being edited; absent when adding. */
  editing: FundingRow | null;
  userId: number;
  onClose: () => void;
}

function valuesOf(row: FundingRow | null): FundingFormValues {
  return row
    ? { projectName: row.projectname, depName: row.depname, amount: String(row.amount) }
    : { projectName: '', depName: '', amount: '' };
}

export function FundingDialog({ open, editing, userId, onClose }: FundingDialogProps) {
  const [form] = Form.useForm<FundingFormValues>();
  const save = useSaveFunding(userId);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(valuesOf(editing));
    }
  }, [open, editing, form]);

  const submit = async () => {
    let values: FundingFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the messages are under the fields
    }
    try {
      await save.mutateAsync({
        ...(editing ? { id: editing.id } : {}),
        projectName: values.projectName.trim(),
        depName: values.depName.trim(),
        amount: values.amount.trim(),
      });
      toastSuccess(editing ? '修改成功' : '新增成功');
      onClose();
    } catch (error) {
      // The HTTP client already reported transport failures; business failures are for this dialog.
      if (!(error instanceof ApiError) || error.handledBy === 'none')
        toastError(errorText(error, '保存失败，请重试'));
    }
  };

  return (
    <Modal
      title={editing ? '编辑' : '新增'}
      open={open}
      onOk={() => void submit()}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
      forceRender
      width={520}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark
        style={{ marginTop: 16 }}
        initialValues={valuesOf(editing)}
      >
        <Form.Item label="项目名称" name="projectName" rules={FUNDING_RULES.projectName} required>
          <Input placeholder="请输入项目名称" maxLength={80} allowClear />
        </Form.Item>
        <Form.Item label="资助部门" name="depName" rules={FUNDING_RULES.depName} required>
          <Input placeholder="请输入资助部门" maxLength={80} allowClear />
        </Form.Item>
        <Form.Item label="资助金额(万元)" name="amount" rules={FUNDING_RULES.amount} required>
          <Input placeholder="请输入资助金额" suffix="万元" inputMode="decimal" allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
