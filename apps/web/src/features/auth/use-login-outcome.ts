// What the login screen does with an answer of POST auth/login/ (docs/requirements.md §4 "Login and session", §8
// "Login and SMS"): start the session and navigate, or react to 20004 / 20005 / 20012.
import { type CaptchaNeeded, CODE, type Envelope, LIMITS, type LoginData, MSG } from '@uc/shared';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/http/api-error';
import { postLoginTarget } from '../../lib/routing/redirect';
import { setReLogin } from '../../lib/session/cookies';
import { startSession } from '../../lib/session/session';
import { toastError } from '../../lib/ui/feedback';
import { paths } from '../../paths';

/** Codes whose server message stays for 7 seconds. */
const LONG_MESSAGE_CODES: readonly number[] = [CODE.needBindPhone, CODE.phoneNotBound, CODE.smsRefused];

export interface LoginReactions {
  /** 20004: the account has no mobile; bind one. */
  onNeedBind?: () => void;
  /** 20005: the mobile is bound to no account; bind it to an account (the mobile is copied). */
  onPhoneNotBound?: (phone: string) => void;
  /** 20012: the code was refused; the code button comes back. */
  onSmsRefused?: () => void;
  /** 20002 with `data.captcha`: the account is locked until a puzzle is solved; then the same login again. */
  onCaptchaRequired?: () => void;
}

/**
 * A password login refused because the account is locked answers 20002 with `data: { captcha: true }`: a solved
 * puzzle (keyed by the username, its ticket bound to the browser's session cookie) lets the next try through.
 * 20002 without it (password logins paused for the network) only shows the message.
 */
export function asksForCaptcha(envelope: Envelope<unknown>): envelope is Envelope<CaptchaNeeded> {
  const { data } = envelope;
  return (
    envelope.code === CODE.accountLocked &&
    typeof data === 'object' &&
    data !== null &&
    'captcha' in data &&
    data.captcha === true
  );
}

export interface LoginAttempt {
  rememberMe: boolean;
  /** The login bound a mobile (type 3): sets isReLogin. */
  bound?: boolean;
  /** The mobile the attempt used, if any. */
  phone?: string;
}

/** Shows the message of a 20004 / 20005 / 20012 answer for 7 seconds and runs the screen's reaction. */
export function reactToLoginCode(
  envelope: Envelope<unknown>,
  phone: string,
  reactions: LoginReactions,
): boolean {
  if (!LONG_MESSAGE_CODES.includes(envelope.code)) return false;
  toastError(envelope.message || MSG.loginFailed, LIMITS.messageSecondsBind);
  if (envelope.code === CODE.needBindPhone) reactions.onNeedBind?.();
  else if (envelope.code === CODE.phoneNotBound) reactions.onPhoneNotBound?.(phone);
  else reactions.onSmsRefused?.();
  return true;
}

export function useLoginOutcome(reactions: LoginReactions) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { onNeedBind, onPhoneNotBound, onSmsRefused, onCaptchaRequired } = reactions;

  const onAnswer = useCallback(
    (envelope: Envelope<LoginData>, attempt: LoginAttempt) => {
      if (envelope.code === CODE.ok) {
        try {
          const payload = startSession(envelope.data.token, attempt.rememberMe);
          if (attempt.bound) setReLogin();
          const target = postLoginTarget(search.get('redirect'), payload.level);
          const to = target === paths.root ? paths.dashboard : target;
          // The new token makes the route guard send this auth page to the dashboard at once. Navigating in
          // the next task makes this navigation the last one, so the redirect target wins over that one.
          window.setTimeout(() => navigate(to, { replace: true }), 0);
        } catch (error) {
          toastError(errorText(error, MSG.loginFailed));
        }
        return;
      }
      if (reactToLoginCode(envelope, attempt.phone ?? '', { onNeedBind, onPhoneNotBound, onSmsRefused }))
        return;
      toastError(envelope.message || MSG.loginFailed);
      if (onCaptchaRequired && asksForCaptcha(envelope)) onCaptchaRequired();
    },
    [navigate, search, onNeedBind, onPhoneNotBound, onSmsRefused, onCaptchaRequired],
  );

  const onError = useCallback((error: unknown) => toastError(errorText(error, MSG.loginFailed)), []);

  return { onAnswer, onError };
}
