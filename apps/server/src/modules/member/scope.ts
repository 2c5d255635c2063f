// Whose data a request reads (the member: a sub-account reads its main account's) and the paging every list shares.
import { cityByCode, cityOfArea, DEFAULT_CITY, MSG, type Page } from '@uc/shared';
import { z } from 'zod';
import type { Account } from '../users/service.js';

/** The member behind an account, as the content modules see it. */
export interface Member {
  /** The main account's id: owner of customers, subscriptions, publicity and funding records. */
  id: number;
  /** The caller's own city (district codes fold into their city), default Shenzhen. */
  cityCode: string;
  companyName: string;
}

export function memberOf(account: Account): Member {
  // A sub-account's push group is its main account (ARCHITECTURE.md §5), and so is whose data it reads.
  const id = account.isSub && account.groupId > 0 ? account.groupId : account.id;
  return {
    id,
    cityCode: cityOfArea(account.area)?.citycode ?? DEFAULT_CITY.citycode,
    companyName: account.companyName,
  };
}

export const PAGE_SIZE = { default: 10, max: 100 } as const;
/** Deeper pages are refused: OFFSET walks every row before it. */
const PAGE_MAX = 10_000;

const integerIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, message).max(max, message);

export const pageField = integerIn(1, PAGE_MAX, MSG.pageInvalid).default(1);
export const sizeField = integerIn(1, PAGE_SIZE.max, MSG.sizeInvalid).default(PAGE_SIZE.default);

/** page >= 1, size 1..100 (default 10). */
export const pagingQuery = z.object({ page: pageField, size: sizeField });
/** Bounded lists (the newest `size`). */
export const sizeQuery = z.object({ size: sizeField });

/** A city code of regions.ts. */
export const cityCodeField = z
  .string()
  .trim()
  .refine((code) => cityByCode(code) !== undefined, MSG.cityInvalid);

export interface Paging {
  page: number;
  size: number;
}

export const offsetOf = ({ page, size }: Paging) => (page - 1) * size;

export function pageOf<T>(list: T[], total: number, paging: Paging): Page<T> {
  return { list, total, page: paging.page, size: paging.size };
}

/** Every zod response schema of a page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), size: z.number() });
}
