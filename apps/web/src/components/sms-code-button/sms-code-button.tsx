// The "获取验证码" button of docs/requirements.md §4 "SMS code button": checks the fields the send needs, opens the slider
// captcha (loaded on first need), sends the code after it is passed, then counts 60 seconds down.
import { LoadingOutlined } from '@ant-design/icons';
import { CODE, type Envelope, LIMITS } from '@uc/shared';
import { Button, type ButtonProps } from 'antd';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { errorText } from '../../lib/http/api-error';
import { toastError } from '../../lib/ui/feedback';
import { useCountdown } from '../../lib/ui/use-countdown';
import { LazyCaptchaDialog, loadCaptchaDialog } from '../slider-captcha/lazy-captcha-dialog';

// A loading icon without antd's collapse transition, which can stay spinning after a very quick toggle.
const PENDING = { icon: <LoadingOutlined /> };

const SEND_FAILED = '验证码发送失败，请稍后重试';
const IDLE_TEXT = '获取验证码';
const countdownText = (seconds: number) => `${seconds}s后重新获取`;

/** What a send answered with: the server's `data` text when it is one, else its message (docs/requirements.md §8). */
function refusalText(envelope: Envelope<unknown>): string {
  if (typeof envelope.data === 'string' && envelope.data.trim()) return envelope.data;
  return envelope.message || SEND_FAILED;
}

export interface SmsCodeButtonHandle {
  /** Ends the countdown at once and enables the button (login code 20012). */
  reset(): void;
}

export interface SmsCodeButtonProps {
  /**
   * Validates the fields the send needs (showing their messages) and resolves to the mobile to send to,
   * or null to stop. The mobile is also the key of the captcha picture.
   */
  prepare: () => Promise<string | null>;
  /** Sends the code; resolves to the server's answer (thrown errors count as failures). */
  send: (phone: string) => Promise<Envelope<unknown>>;
  /** A code went out. */
  onSent?: (phone: string) => void;
  /** A refused send: return true when the screen has shown its own message. */
  onRefused?: (envelope: Envelope<unknown>, phone: string) => boolean;
  ref?: Ref<SmsCodeButtonHandle>;
  size?: ButtonProps['size'];
  style?: ButtonProps['style'];
  disabled?: boolean;
  /** Seconds of the countdown (docs/requirements.md §9: 60). */
  seconds?: number;
}

export function SmsCodeButton({
  prepare,
  send,
  onSent,
  onRefused,
  ref,
  size,
  style,
  disabled,
  seconds = LIMITS.smsResendSeconds,
}: SmsCodeButtonProps) {
  const [busy, setBusy] = useState(false);
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Counted against a deadline, so a throttled background tab still ends on time. The seconds left are derived
  // from it: a tick already queued when reset() runs cannot bring an old countdown back.
  const [deadline, setDeadline] = useState<number | null>(null);
  const remaining = useCountdown(deadline) ?? 0;

  const reset = useCallback(() => setDeadline(null), []);
  useImperativeHandle(ref, () => ({ reset }), [reset]);

  const onClick = async () => {
    if (remaining > 0 || busy || captchaFor !== null) return;
    setBusy(true);
    try {
      const phone = await prepare();
      if (phone && mounted.current) setCaptchaFor(phone);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const onPassed = useCallback(async () => {
    const phone = captchaFor;
    setCaptchaFor(null);
    if (!phone) return;
    setBusy(true);
    try {
      const envelope = await send(phone);
      if (!mounted.current) return;
      if (envelope.code === CODE.ok) {
        setDeadline(Date.now() + seconds * 1_000);
        onSent?.(phone);
        return;
      }
      if (!onRefused?.(envelope, phone)) toastError(refusalText(envelope), LIMITS.messageSecondsSms);
    } catch (error) {
      toastError(errorText(error, SEND_FAILED), LIMITS.messageSecondsSms);
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, [captchaFor, send, seconds, onSent, onRefused]);

  const counting = remaining > 0;
  return (
    <>
      <Button
        size={size}
        style={{ width: 128, flex: 'none', ...style }}
        disabled={disabled || counting}
        loading={busy ? PENDING : false}
        onClick={() => void onClick()}
        // The captcha code downloads while the pointer is on its way.
        onPointerEnter={() => void loadCaptchaDialog()}
        onFocus={() => void loadCaptchaDialog()}
      >
        {counting ? countdownText(remaining) : IDLE_TEXT}
      </Button>
      <LazyCaptchaDialog
        captchaKey={captchaFor}
        onSuccess={() => void onPassed()}
        onCancel={() => setCaptchaFor(null)}
      />
    </>
  );
}
