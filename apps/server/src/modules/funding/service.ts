// Funding records (资助记录) of a member: add, edit, list, delete, and the per-department summary. A member reads and
// changes only its own records; amounts are exact (integer hundredths of 万元).
import {
  type FundingDeleted,
  type FundingFormValues,
  type FundingRow,
  type FundingSummaryRow,
  fundingAmount,
  type Page,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import type { Member } from '../../plugins/auth.js';
import { authorize, authorizeAll, memberPrincipal } from '../access/policies.js';
import {
  countFunding,
  deleteFunding,
  type FundingRecordRow,
  findOwners,
  fundingByDepartment,
  insertFunding,
  listFunding,
  updateFunding,
} from './repo.js';

function toFundingRow(row: FundingRecordRow): FundingRow {
  return {
    id: row.id,
    projectname: row.project_name,
    depname: row.dep_name,
    amount: fundingAmount.fromHundredths(row.amount_hundredths),
  };
}

interface FundingDeps {
  db: Db;
  now: () => Date;
}

export function createFundingService({ db, now }: FundingDeps) {
  return {
    list(member: Member, paging: Paging): Promise<Page<FundingRow>> {
      return readPage(
        paging,
        async (limit, offset) => (await listFunding(db, member.ownerId, limit, offset)).map(toFundingRow),
        () => countFunding(db, member.ownerId),
      );
    },

    async summary(member: Member): Promise<FundingSummaryRow[]> {
      const rows = await fundingByDepartment(db, member.ownerId);
      return rows.map((r) => ({
        dept_name: r.dep_name,
        amount: fundingAmount.fromHundredths(r.total),
        count: r.count,
      }));
    },

    /** Adds a record, or edits one of the member's (404 unknown, 403 another member's). */
    async save(member: Member, input: FundingFormValues & { id?: number }): Promise<FundingRow> {
      const values = {
        project_name: input.projectName,
        dep_name: input.depName,
        amount_hundredths: fundingAmount.toHundredths(input.amount),
        at: now().toISOString(),
      };
      if (input.id === undefined)
        return toFundingRow(await insertFunding(db, { user_id: member.ownerId, ...values }));
      const [owner] = await findOwners(db, [input.id]);
      authorize(memberPrincipal(member), 'fundingRecord.write', owner);
      const updated = await updateFunding(db, member.ownerId, input.id, values);
      if (!updated) throw errors.notFound();
      return toFundingRow(updated);
    },

    /** Deletes all the records or none: 403 if any is another member's, 404 if any does not exist. */
    async remove(member: Member, ids: readonly number[]): Promise<FundingDeleted> {
      return db.transaction().execute(async (trx) => {
        authorizeAll(memberPrincipal(member), 'fundingRecord.write', await findOwners(trx, ids), ids.length);
        return { deleted: await deleteFunding(trx, member.ownerId, ids) };
      });
    },
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
