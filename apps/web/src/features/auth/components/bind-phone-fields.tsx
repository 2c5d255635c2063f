// Bind-phone mode of the account login (docs/requirements.md §4): mobile and SMS code (purpose bind) under the password.
import { Form } from 'antd';
import { type RefObject, useEffect } from 'react';
import { PhoneCodeFields } from '../../../components/form-fields/phone-code-fields';
import type { SmsCodeButtonHandle } from '../../../components/sms-code-button/sms-code-button';
import { sendPurposeCode } from '../api/send-sms-code';
import { reactToLoginCode } from '../use-login-outcome';

/** A mobile to bind, copied from the password-free tab (code 20005). */
export interface BindPhone {
  value: string;
  /** Bumped on every copy, so the same mobile copied twice is applied twice. */
  seq: number;
}

export function BindPhoneFields({
  bindPhone,
  codeButtonRef,
}: {
  bindPhone: BindPhone | null;
  codeButtonRef: RefObject<SmsCodeButtonHandle | null>;
}) {
  const form = Form.useFormInstance();

  const seq = bindPhone?.seq;
  const value = bindPhone?.value;
  useEffect(() => {
    if (seq !== undefined && value) form.setFieldValue('phone', value);
  }, [form, seq, value]);

  return (
    <>
      <div className="uc-auth-bind-tip" role="note">
        请填写账号和密码，并为账号绑定手机号后登录
      </div>
      <PhoneCodeFields
        send={(phone) => sendPurposeCode(phone, 'bind')}
        codeButtonRef={codeButtonRef}
        onRefused={(envelope, phone) => reactToLoginCode(envelope, phone, {})}
      />
    </>
  );
}
