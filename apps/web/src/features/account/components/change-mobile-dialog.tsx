// 修改手机 / 绑定手机: 1 re-authentication (password, or a code to the current mobile), 2 the new mobile with a slider
// captcha and an SMS code to it, 3 done. An account without a mobile binds one the same way.
import { ACCOUNT_CODE, MSG } from '@uc/shared';
import { Button, Form, Result } from 'antd';
import { PhoneCodeFields } from '../../../components/form-fields/phone-code-fields';
import { toastError } from '../../../lib/ui/feedback';
import { sendTelphoneCode } from '../api/send-telphone-code';
import { useUpdateTelphone } from '../api/update-telphone';
import { businessCode, showFieldFailure } from '../model/failure';
import { maskMobile } from '../model/mask';
import { ReauthWizard } from './reauth-wizard';

interface NewMobileValues {
  phone: string;
  verifycode: string;
}

function NewMobileForm({
  ticket,
  userId,
  onDone,
  onTicketLost,
}: {
  ticket: string;
  userId: number;
  onDone: (mobile: string) => void;
  onTicketLost: () => void;
}) {
  const [form] = Form.useForm<NewMobileValues>();
  const update = useUpdateTelphone(userId);

  const submit = (values: NewMobileValues) =>
    update.mutate(
      { telphone: values.phone.trim(), verifycode: values.verifycode.trim(), ticket },
      {
        onSuccess: () => onDone(values.phone.trim()),
        onError: (error) => {
          const code = businessCode(error);
          if (code === ACCOUNT_CODE.reauthRequired) {
            toastError(MSG.reauthRequired);
            onTicketLost();
          } else if (code === ACCOUNT_CODE.mobileTaken) showFieldFailure(form, 'phone', error);
          else showFieldFailure(form, 'verifycode', error);
        },
      },
    );

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="new-mobile">
      <PhoneCodeFields
        send={sendTelphoneCode}
        requireRequest
        labels={{ mobile: '新手机号', code: '验证码' }}
        mobilePlaceholder="请输入新的手机号码"
      />
      <Button type="primary" htmlType="submit" block loading={update.isPending}>
        确定
      </Button>
    </Form>
  );
}

export interface ChangeMobileDialogProps {
  open: boolean;
  onClose: () => void;
  userId: number;
  /** The key of the re-authentication captcha (the username). */
  captchaKey: string;
  /** The current mobile, masked ('' for none): where the re-authentication code goes. */
  mobile: string;
  /** Whether a mobile was bound when the dialog opened: 修改手机, else 绑定手机. */
  bound: boolean;
}

export function ChangeMobileDialog({
  open,
  onClose,
  userId,
  captchaKey,
  mobile,
  bound,
}: ChangeMobileDialogProps) {
  return (
    <ReauthWizard<string>
      open={open}
      onClose={onClose}
      title={bound ? '修改手机' : '绑定手机'}
      steps={[bound ? '绑定新手机' : '绑定手机', '完成']}
      captchaKey={captchaKey}
      mobile={mobile}
      change={({ ticket, done, ticketLost }) => (
        <NewMobileForm ticket={ticket} userId={userId} onDone={done} onTicketLost={ticketLost} />
      )}
      result={(newMobile, close) => (
        <Result
          status="success"
          title={MSG.mobileChanged}
          subTitle={`当前绑定手机：${maskMobile(newMobile)}`}
          extra={
            <Button type="primary" onClick={close}>
              完成
            </Button>
          }
        />
      )}
    />
  );
}
