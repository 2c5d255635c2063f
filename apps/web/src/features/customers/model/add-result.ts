// What an add answer tells the member: the toast for what was added (and what already was), and whether the limit
// stopped some of it.
import type { AddCustomersAnswer } from '@uc/shared';

export interface AddOutcome {
  /** The success toast, or null when nothing was added. */
  added: string | null;
  /** A note when nothing was added because all were customers already. */
  allAlready: boolean;
  /** The limit stopped some companies. */
  overLimit: boolean;
}

export function addOutcome(answer: AddCustomersAnswer): AddOutcome {
  const added = answer.added.length;
  const already = answer.already.length;
  const text = added > 0 ? `已添加${added}家客户${already > 0 ? `，${already}家已是您的客户` : ''}` : null;
  return {
    added: text,
    allAlready: added === 0 && already > 0 && answer.over_limit.length === 0,
    overLimit: answer.over_limit.length > 0,
  };
}
