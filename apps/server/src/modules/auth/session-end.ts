// Why sessions end: the causes stored on a session row, what their websockets are told, what their old token answers.
import { MSG, REVOKE_REASON, type RevokeReason } from '@uc/shared';
import { type AppError, errors } from '../../errors.js';

/**
 * Why the account module ends sessions. Each is stored on the session row (the old token then answers 30001 with
 * its message) and published to every instance under a REVOKE_REASON (its websocket gets push code 1).
 */
export const SESSION_END = {
  passwordChanged: 'password_changed',
  accountDisabled: REVOKE_REASON.accountDisabled,
  accountDeleted: REVOKE_REASON.accountDeleted,
  /** The owner ended it from the security page. */
  endedByOwner: REVOKE_REASON.loginElsewhere,
  /** Staff disabled the member in the console. */
  disabledByStaff: REVOKE_REASON.staffDisabled,
  /** Staff forced the member out (强制下线): the old token asks for a new login. */
  endedByStaff: 'staff_logout',
} as const;
export type SessionEnd = (typeof SESSION_END)[keyof typeof SESSION_END];

export const SESSION_END_PUSH: Record<SessionEnd, RevokeReason> = {
  [SESSION_END.passwordChanged]: REVOKE_REASON.passwordReset,
  [SESSION_END.accountDisabled]: REVOKE_REASON.accountDisabled,
  [SESSION_END.accountDeleted]: REVOKE_REASON.accountDeleted,
  [SESSION_END.endedByOwner]: REVOKE_REASON.loginElsewhere,
  [SESSION_END.disabledByStaff]: REVOKE_REASON.staffDisabled,
  [SESSION_END.endedByStaff]: REVOKE_REASON.logout,
};

/** The answer to a token whose session ended for `reason`. */
export function endedSessionError(reason: string | null): AppError {
  switch (reason) {
    case REVOKE_REASON.loginElsewhere:
      return errors.loggedInElsewhere();
    case SESSION_END.passwordChanged:
      return errors.sessionEnded(MSG.passwordChangedPush);
    case SESSION_END.accountDisabled:
      return errors.sessionEnded(MSG.accountDisabled);
    case SESSION_END.accountDeleted:
      return errors.sessionEnded(MSG.accountDeleted);
    case SESSION_END.disabledByStaff:
      return errors.sessionEnded(MSG.memberDisabledByStaff);
    default:
      return errors.unauthorized();
  }
}
