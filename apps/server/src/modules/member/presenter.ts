// Shapes an account into getCusInfo data (SPEC.md §3): the plan that applies, a sub-account's being its parent's.
import type { CusInfo } from '@uc/shared';
import { z } from 'zod';
import type { Account } from '../users/service.js';

export function toCusInfo(account: Account): CusInfo {
  return {
    company_name: account.companyName,
    is_sub: account.isSub,
    gid: account.membership.gid,
    level: account.membership.level,
    expired_time: account.membership.expiredAt,
  };
}

export const cusInfoSchema = z.object({
  company_name: z.string(),
  is_sub: z.boolean(),
  gid: z.number().nullable(),
  level: z.number(),
  expired_time: z.string().nullable(),
}) satisfies z.ZodType<CusInfo>;
