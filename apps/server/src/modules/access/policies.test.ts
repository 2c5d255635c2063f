import { MSG } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { type AppError, errors } from '../../errors.js';
import {
  type Action,
  apiPrincipal,
  authorize,
  authorizeAll,
  can,
  mainAccount,
  memberPrincipal,
  type Principal,
  staffPrincipal,
} from './policies.js';

const MAIN = 7;
const OTHER = 8;
/** The main account 7, one of its sub-accounts (21), and another member (8). */
const main = mainAccount(MAIN);
const sub = memberPrincipal({ ownerId: MAIN, accountId: 21, isSub: true });
const other = mainAccount(OTHER);
const staffWith = (...permissions: Parameters<typeof staffPrincipal>[0]['permissions']) =>
  staffPrincipal({ id: 1, permissions });
const keyOfMain = apiPrincipal({ keyId: 3, userId: MAIN });

/** What the client hears: status, body code and message. */
function answerOf(run: () => unknown): Pick<AppError, 'statusCode' | 'bodyCode' | 'message'> | 'passed' {
  try {
    run();
    return 'passed';
  } catch (err) {
    const { statusCode, bodyCode, message } = err as AppError;
    return { statusCode, bodyCode, message };
  }
}
const answer = (error: AppError) => ({
  statusCode: error.statusCode,
  bodyCode: error.bodyCode,
  message: error.message,
});

/** The actions on a member-owned row, with the answers each has always given, and whether a sub-account writes. */
const OWNED: {
  action: Exclude<Action, 'subAccount.manage' | 'ticket.read' | 'ticket.reply'>;
  refused: () => AppError;
  missing: () => AppError;
}[] = [
  { action: 'invoice.read', refused: errors.forbidden, missing: errors.notFound },
  { action: 'invoiceTitle.delete', refused: errors.forbidden, missing: errors.notFound },
  { action: 'order.invoice', refused: errors.forbidden, missing: errors.notFound },
  { action: 'order.read', refused: errors.forbidden, missing: errors.notFound },
  { action: 'order.pay', refused: errors.forbidden, missing: errors.notFound },
  { action: 'customer.read', refused: errors.customerForbidden, missing: errors.notFound },
  { action: 'customer.write', refused: errors.customerForbidden, missing: errors.notFound },
  { action: 'customerImport.read', refused: errors.forbidden, missing: errors.notFound },
  { action: 'fundingRecord.write', refused: errors.fundingForbidden, missing: errors.notFound },
  { action: 'apiKey.revoke', refused: errors.forbidden, missing: errors.notFound },
  { action: 'feed.read', refused: errors.feedForbidden, missing: errors.notFound },
];

describe('authorize on a member-owned row', () => {
  const mine = { id: 1, user_id: MAIN };

  for (const { action, refused, missing } of OWNED) {
    describe(action, () => {
      it('hands the owner its record back', () => {
        expect(authorize(main, action, mine)).toBe(mine);
      });

      it("refuses another member with the action's own answer", () => {
        expect(answerOf(() => authorize(other, action, mine))).toEqual(answer(refused()));
      });

      it('lets a sub-account act on its main account’s record (its owner is the main account)', () => {
        expect(answerOf(() => authorize(sub, action, mine))).toBe('passed');
      });

      it('answers a missing record as not found, before any refusal', () => {
        expect(answerOf(() => authorize(other, action, undefined))).toEqual(answer(missing()));
        expect(answerOf(() => authorize(main, action, null))).toEqual(answer(missing()));
      });
    });
  }
});

describe('the other principals on member-owned rows', () => {
  const mine = { user_id: MAIN };

  it("lets an API key read its member's rows, never write them", () => {
    expect(can(keyOfMain, 'customer.read', mine)).toBe(true);
    expect(can(keyOfMain, 'customer.read', { user_id: OTHER })).toBe(false);
    expect(can(keyOfMain, 'customer.write', mine)).toBe(false);
    expect(can(keyOfMain, 'apiKey.revoke', mine)).toBe(false);
  });

  it('lets staff read an invoice or an order with the console permission, and change nothing', () => {
    expect(can(staffWith('invoices.read'), 'invoice.read', mine)).toBe(true);
    expect(can(staffWith('orders.read'), 'order.read', mine)).toBe(true);
    expect(can(staffWith('orders.read'), 'invoice.read', mine)).toBe(false);
    expect(can(staffWith('invoices.read', 'invoices.write'), 'invoiceTitle.delete', mine)).toBe(false);
    expect(can(staffWith('members.read'), 'customer.read', mine)).toBe(false);
  });
});

describe('authorize subAccount.manage', () => {
  const row = (over: { is_sub?: number; parent_id?: number | null } = {}) => ({
    id: 21,
    is_sub: 1,
    parent_id: MAIN,
    ...over,
  });

  it('hands the main account its own sub-account', () => {
    expect(answerOf(() => authorize(main, 'subAccount.manage', row()))).toBe('passed');
  });

  it("refuses another main account's sub-account, and a main account named as one", () => {
    const refused = answer(errors.subAccountNotYours());
    expect(answerOf(() => authorize(other, 'subAccount.manage', row()))).toEqual(refused);
    expect(answerOf(() => authorize(main, 'subAccount.manage', row({ is_sub: 0, parent_id: null })))).toEqual(
      refused,
    );
  });

  it('refuses a sub-account of the same main account managing a sibling', () => {
    expect(answerOf(() => authorize(sub, 'subAccount.manage', row()))).toEqual(
      answer(errors.subAccountNotYours()),
    );
  });

  it('answers an unknown account with 子账号不存在', () => {
    expect(answerOf(() => authorize(main, 'subAccount.manage', undefined))).toEqual(
      answer(errors.subAccountNotFound()),
    );
  });

  it('refuses staff and API callers', () => {
    const principals: Principal[] = [staffWith('members.write'), keyOfMain];
    for (const p of principals) expect(can(p, 'subAccount.manage', row())).toBe(false);
  });
});

describe('authorizeAll', () => {
  it('hands back a batch the member owns in full', () => {
    const rows = [{ user_id: MAIN }, { user_id: MAIN }];
    expect(authorizeAll(main, 'fundingRecord.write', rows, 2)).toBe(rows);
  });

  it("refuses the batch when one row is another member's, before counting the missing ones", () => {
    const rows = [{ user_id: MAIN }, { user_id: OTHER }];
    expect(answerOf(() => authorizeAll(main, 'fundingRecord.write', rows, 3))).toEqual(
      answer(errors.fundingForbidden()),
    );
  });

  it('answers not found when fewer rows were found than asked for', () => {
    expect(answerOf(() => authorizeAll(main, 'fundingRecord.write', [{ user_id: MAIN }], 2))).toEqual(
      answer(errors.notFound()),
    );
  });

  it('leaves the unknown ids out when no count is asked for', () => {
    expect(answerOf(() => authorizeAll(sub, 'customer.write', [{ user_id: MAIN }]))).toBe('passed');
    expect(answerOf(() => authorizeAll(other, 'customer.write', [{ user_id: MAIN }]))).toEqual(
      answer(errors.customerForbidden()),
    );
  });
});

describe('authorize ticket.read and ticket.reply', () => {
  /** A ticket of main account 7's team, opened by `user_id` (the main account itself by default). */
  const ticket = (user_id = MAIN) => ({ user_id, owner_id: MAIN });
  const otherSub = memberPrincipal({ ownerId: MAIN, accountId: 22, isSub: true });
  const missing = answer(errors.consoleNotFound(MSG.ticketNotFound));

  for (const action of ['ticket.read', 'ticket.reply'] as const) {
    describe(action, () => {
      it('lets the opener and its main account act on it', () => {
        expect(answerOf(() => authorize(sub, action, ticket(21)))).toBe('passed');
        expect(answerOf(() => authorize(main, action, ticket(21)))).toBe('passed');
        expect(answerOf(() => authorize(main, action, ticket()))).toBe('passed');
      });

      it("refuses another sub-account of the team, and a sub-account on its main account's ticket", () => {
        expect(answerOf(() => authorize(otherSub, action, ticket(21)))).toEqual(answer(errors.forbidden()));
        expect(answerOf(() => authorize(sub, action, ticket()))).toEqual(answer(errors.forbidden()));
      });

      it('refuses another member and an API key, and answers a missing ticket with 工单不存在', () => {
        expect(can(other, action, ticket())).toBe(false);
        expect(can(keyOfMain, action, ticket())).toBe(false);
        expect(answerOf(() => authorize(main, action, undefined))).toEqual(missing);
      });
    });
  }

  it('lets staff read with tickets.read and answer with tickets.write', () => {
    expect(can(staffWith('tickets.read'), 'ticket.read', ticket())).toBe(true);
    expect(can(staffWith('tickets.read'), 'ticket.reply', ticket())).toBe(false);
    expect(can(staffWith('tickets.write'), 'ticket.reply', ticket())).toBe(true);
    expect(can(staffWith('orders.read'), 'ticket.read', ticket())).toBe(false);
  });
});
