// The forced-logout countdown (docs/requirements.md §4 "Login and session", §9: 6 s): the dialog of a login elsewhere
// (push code 1, body code 30001) logs out by itself when it runs out.
import { LIMITS } from '@uc/shared';
import type { AutoConfirm } from '../ui/feedback';

export const logoutCountdownText = (seconds: number) => `${seconds} 秒后自动退出`;

export const LOGOUT_COUNTDOWN: AutoConfirm = {
  seconds: LIMITS.logoutCountdownSeconds,
  text: logoutCountdownText,
};
