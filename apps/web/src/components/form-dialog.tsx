// A dialog around one form (创建密钥, 绑定卡券, 新增抬头, 申请发票): 确定 submits the form, 取消 and the close button
// close it, the OK button spins while the form's call is pending, and the dialog is dropped once hidden.
import { type FormInstance, Modal, type ModalProps } from 'antd';

export function FormDialog({
  form,
  pending,
  onClose,
  ...modal
}: Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'cancelText' | 'destroyOnHidden'> & {
  form: FormInstance;
  /** The form's call is under way. */
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      {...modal}
    />
  );
}
