// The mobile, the SMS code and 获取验证码 (slider captcha, then the send) of every sign-in and sign-up form, with the
// docs/requirements.md §5 rules: one mobile rule (11 digits, 1 then 3-9: 手机号码有误) and one code rule.
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { Envelope } from '@uc/shared';
import { Flex, Form, Space } from 'antd';
// Deep import: the `Input` namespace of 'antd' drags TextArea, OTP and Search into the login page's first load.
import Input from 'antd/es/input/Input';
import { type ChangeEvent, type Ref, useRef } from 'react';
import { RegionPicker } from '../region-picker/region-picker';
import {
  SmsCodeButton,
  type SmsCodeButtonHandle,
  type SmsCodeButtonProps,
} from '../sms-code-button/sms-code-button';
import { loginRule, smsCodeRule } from './lazy-rules';

export interface PhoneCodeFieldsProps {
  /** Sends the code to the mobile (after the captcha was passed). */
  send: (phone: string) => Promise<Envelope<unknown>>;
  /** Fields to validate, before the mobile, ahead of the captcha (registration checks the whole form). */
  checkFirst?: readonly string[];
  /** docs/requirements.md §5 registration and recovery: 请先获取验证码 until a code went out. */
  requireRequest?: boolean;
  onRefused?: SmsCodeButtonProps['onRefused'];
  codeButtonRef?: Ref<SmsCodeButtonHandle>;
  mobilePlaceholder?: string;
  /** The dialing-code picker in front of the mobile (registration). */
  withRegion?: boolean;
  onMobileChange?: () => void;
  /** A form with labels above its fields (the account dialogs); without, the placeholders name them. */
  labels?: { mobile: string; code: string };
}

export function PhoneCodeFields({
  send,
  checkFirst = [],
  requireRequest = false,
  onRefused,
  codeButtonRef,
  mobilePlaceholder = '请输入手机号码',
  withRegion = false,
  onMobileChange,
  labels,
}: PhoneCodeFieldsProps) {
  const form = Form.useFormInstance();
  // Read by the code rule at validation time.
  const codeRequested = useRef(false);

  const prepare = async (): Promise<string | null> => {
    try {
      const values = (await form.validateFields([...checkFirst, 'phone'])) as { phone: string };
      return values.phone.trim();
    } catch {
      return null;
    }
  };

  const onSent = () => {
    codeRequested.current = true;
    // A 请先获取验证码 shown earlier goes away.
    if (form.getFieldError('verifycode').length > 0) void form.validateFields(['verifycode']);
  };

  return (
    <>
      <Form.Item name="phone" label={labels?.mobile} rules={[loginRule('mobile')]}>
        {withRegion ? (
          <RegionMobileInput placeholder={mobilePlaceholder} />
        ) : (
          <Input
            prefix={<MobileOutlined />}
            placeholder={mobilePlaceholder}
            aria-label={labels?.mobile ?? '手机号码'}
            autoComplete="tel"
            maxLength={11}
            inputMode="numeric"
            onChange={onMobileChange}
          />
        )}
      </Form.Item>
      <Form.Item label={labels?.code} required={labels !== undefined}>
        <Flex gap={8}>
          <Form.Item
            name="verifycode"
            noStyle
            rules={[smsCodeRule(requireRequest ? () => codeRequested.current : undefined)]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入验证码"
              aria-label={labels?.code ?? '验证码'}
              maxLength={4}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SmsCodeButton
            ref={codeButtonRef}
            size={labels ? 'middle' : 'large'}
            prepare={prepare}
            send={send}
            onSent={requireRequest ? onSent : undefined}
            onRefused={onRefused}
          />
        </Flex>
      </Form.Item>
    </>
  );
}

/** The mobile with the dialing-code picker in front (the picker is its own form field, not sent). */
function RegionMobileInput({
  value,
  onChange,
  id,
  placeholder,
  ...rest
}: {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  id?: string;
  placeholder: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <Space.Compact block>
      <Form.Item name="region" noStyle>
        <RegionPicker />
      </Form.Item>
      <Input
        id={id}
        value={value ?? ''}
        onChange={onChange}
        placeholder={placeholder}
        aria-label="手机号码"
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={11}
        {...rest}
      />
    </Space.Compact>
  );
}
