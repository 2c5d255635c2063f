// Who may sign in and keep a session: the one rule every login type and the session check ask.
import { MSG } from '@uc/shared';
import { errors } from '../../errors.js';

/** What the rule reads of an account (users/service.ts Account has each of them). */
export interface AdmissionFacts {
  /** false: its main account disabled it (a sub-account's switch in 子账号管理). */
  enabled: boolean;
  /** Staff hold the account itself (停用 in the console). */
  staffDisabled: boolean;
  /** Staff hold the account's main account: a sub-account is held with its team. */
  parentStaffDisabled: boolean;
}

/**
 * Why an account is refused: `staff`, a staff hold of its own or of its main account (only staff lift it: the member
 * asks customer service); `main`, its main account disabled it (the member asks the main account).
 */
export type Refusal = 'staff' | 'main';

/** null: the account may sign in and keep its sessions; otherwise why not. Staff's hold comes first. */
export function admission(account: AdmissionFacts): Refusal | null {
  if (account.staffDisabled || account.parentStaffDisabled) return 'staff';
  if (!account.enabled) return 'main';
  return null;
}

/** What a refused login or session is told: whom to ask. */
export const REFUSAL_MESSAGE: Record<Refusal, string> = {
  staff: MSG.memberDisabledByStaff,
  main: MSG.accountDisabled,
};

/** The error a refused login or password reset answers: the same code, the message of whom to ask. */
export function refusalError(refusal: Refusal) {
  return refusal === 'staff' ? errors.memberDisabledByStaff() : errors.accountDisabled();
}
