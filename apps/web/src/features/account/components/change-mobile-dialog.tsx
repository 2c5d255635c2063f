// 修改手机 / 绑定手机: 1 re-authentication (password, or a code to the current mobile), 2 the new mobile with a slider
// captcha and an SMS code to it, 3 done. An account without a mobile binds one the same way.
import { ACCOUNT_CODE, MSG } from '@uc/shared';
import { Button, Form, Result } from 'antd';
import { PhoneCodeFields } from '../../../components/form-fields/phone-code-fields';
import { sendTelphoneCode } from '../api/send-telphone-code';
import { useUpdateTelphone } from '../api/update-telphone';
import { businessCode, showFieldFailure } from '../model/failure';
import { maskMobile } from '../model/mask';
import { type ReauthChange, type ReauthDialogProps, ReauthWizard } from './reauth-wizard';

interface NewMobileValues {
  phone: string;
  verifycode: string;
}

function NewMobileForm({ step, userId }: { step: ReauthChange<string>; userId: number }) {
  const [form] = Form.useForm<NewMobileValues>();
  const update = useUpdateTelphone(userId);

  const submit = (values: NewMobileValues) =>
    update.mutate(
      { telphone: values.phone.trim(), verifycode: values.verifycode.trim(), ticket: step.ticket },
      {
        onSuccess: () => step.done(values.phone.trim()),
        onError: (error) => {
          if (step.restartOnLostTicket(error)) return;
          if (businessCode(error) === ACCOUNT_CODE.mobileTaken) showFieldFailure(form, 'phone', error);
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

export function ChangeMobileDialog({ open, onClose, userId, captchaKey, mobile, bound }: ReauthDialogProps) {
  return (
    <ReauthWizard<string>
      open={open}
      onClose={onClose}
      title={bound ? '修改手机' : '绑定手机'}
      steps={[bound ? '绑定新手机' : '绑定手机', '完成']}
      captchaKey={captchaKey}
      mobile={mobile}
      change={(step) => <NewMobileForm step={step} userId={userId} />}
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
