// The shape every console section repeats, declared once: a filtered list by page beside the .xlsx export of the same
// filter, the export audited (its action, filter and row count) and, where the rows show a member's contact details, both
// masked for a role without members.pii.
import { idField, type Page, type StaffAction, type StaffPermission } from '@uc/shared';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { type Paging, pageSchema, pagingQuery } from '../lib/paging.js';
import { dataAt, routeAt, type ZodApp } from '../lib/routes.js';
import { mapRows, sendXlsx, XLSX_TYPE, type XlsxColumn } from '../lib/xlsx.js';
import { auditedRows, seesPii } from './staff-auth.js';

/** The `:id` of a console route's path: one record of the section. */
export const idParams = z.object({ id: idField() });

/** A console route: its path, the permission it needs and its summary. */
interface StaffRoute {
  url: string;
  staff: StaffPermission;
  summary: string;
}

/** A section's list and its export: the filter both take (the list adds paging), and how each is read. */
export interface StaffList<F extends z.ZodObject, I extends z.ZodType, T extends z.input<I>> {
  tags: string[];
  filter: F;
  /** The schema of a listed row. */
  item: I;
  list: StaffRoute;
  /** The file: the audit action it writes, its name (the sheet's too, unless `sheet`) and its columns. */
  export: StaffRoute & {
    audit: StaffAction;
    name: string;
    sheet?: string;
    columns: readonly XlsxColumn<T>[];
  };
  page(filter: z.output<F>, paging: Paging): Promise<Page<T>>;
  /** Every row of the filter, and the date the file is named by. */
  rows(filter: z.output<F>): { at: Date; rows: AsyncIterable<T> };
  /** A row as a role without members.pii sees it, and what that hides (the export's description names it). */
  masked?: { row: (row: T) => T; hides: string };
}

/** Registers a section's list (GET, a page in the success envelope) and its export (GET, an audited .xlsx). */
export function staffListAt<const F extends z.ZodObject, const I extends z.ZodType, T extends z.input<I>>(
  app: ZodApp,
  { tags, filter, item, list, export: file, page, rows, masked }: StaffList<F, I, T>,
): void {
  /** How the caller sees a row: unchanged, or masked. */
  const shown = (request: FastifyRequest) => (masked && !seesPii(request) ? masked.row : undefined);
  const data: z.ZodType = pageSchema(item);
  dataAt(
    app,
    'GET',
    [list.url],
    {
      config: { staff: list.staff },
      tags,
      summary: list.summary,
      querystring: pagingQuery.extend(filter.shape),
      data,
    },
    async (request) => {
      const { page: number, size, ...query } = request.query as Paging & z.output<F>;
      const found = await page(query as z.output<F>, { page: number, size });
      const mask = shown(request);
      return mask ? { ...found, list: found.list.map(mask) } : found;
    },
  );

  const hides = masked ? `；没有 members.pii 时${masked.hides}打码` : '';
  const schema = {
    tags,
    summary: file.summary,
    description: `需要 ${file.staff}${hides}。写入操作日志（${file.audit}：筛选与行数）。`,
    querystring: filter,
    produces: [XLSX_TYPE],
  };
  // As in dataAt: the schema has parsed the query by the time the handler runs.
  routeAt<FastifySchema>(
    app,
    'GET',
    [file.url],
    { config: { staff: file.staff }, schema },
    async (request, reply) => {
      const { at, rows: read } = rows(request.query as z.output<F>);
      const mask = shown(request);
      return sendXlsx(reply, {
        name: file.name,
        at,
        sheet: file.sheet ?? file.name,
        columns: file.columns,
        rows: auditedRows(request, file.audit, mask ? mapRows(read, mask) : read),
      });
    },
  );
}
