// The one way an export is sent: an .xlsx written row by row into the response (exceljs' streaming writer), so a
// download starts at once and the file is never held whole in memory. Rows come from an async iterable, usually
// `keysetBatches` reading the database a batch at a time.
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { shanghaiDate } from '@uc/shared';
import { create as contentDisposition } from 'content-disposition';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { keysetPages } from './paging.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn<T> {
  /** The Chinese column header. */
  header: string;
  /** Column width in characters (default 16). */
  width?: number;
  value: (row: T) => string | number | null | undefined;
}

export interface XlsxExport<T> {
  /** The file's name before its date, e.g. 我的客户 -> 我的客户-20261124.xlsx. */
  name: string;
  /** The date in the file name (Asia/Shanghai). */
  at: Date;
  sheet: string;
  columns: readonly XlsxColumn<T>[];
  rows: AsyncIterable<T>;
}

/** 我的客户-20261124.xlsx */
export function xlsxFileName(name: string, at: Date): string {
  return `${name}-${shanghaiDate(at.toISOString()).replaceAll('-', '')}.xlsx`;
}

/** Rows written between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/**
 * Lets the file move on: the zip's compression and the socket only progress between turns of the event loop, and
 * better-sqlite3 reads never leave it, so without this an export on SQLite sent its first byte once every row was
 * read. Waits while the reader is behind (the response's buffer full), or until it is gone.
 */
async function letItFlow(out: Writable): Promise<void> {
  await nextTurn();
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Text a spreadsheet (or a CSV it is saved as) would run as a formula or a command: OWASP's CSV-injection list. */
const RUNS_AS_FORMULA = /^[=+\-@\t\r]/;

/**
 * Text that cannot start a formula: `'` before one that would (OWASP's rule). Numbers are not text: a negative number
 * is written as a number, unquoted.
 */
export function inertText(text: string): string {
  return RUNS_AS_FORMULA.test(text) ? `'${text}` : text;
}

/**
 * A cell: a number as a number, text as an inline string (`t="inlineStr"`, exceljs' form for rich text), nothing for
 * no value. A plain string would be written `t="str"`, the type of a formula's cached result, which spreadsheet
 * programs may treat as a formula; shared strings would hold every distinct text in memory until the end.
 */
function cellOf(value: string | number | null | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  return { richText: [{ text: inertText(value) }] };
}

/**
 * Writes the workbook into `out`, a row at a time. Text stays text (never a formula): "=HYPERLINK(…)" in a company
 * name is written as the string "'=HYPERLINK(…)".
 */
export async function writeXlsx<T>(
  out: Writable,
  spec: Pick<XlsxExport<T>, 'sheet' | 'columns' | 'rows'>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ width: c.width ?? 16 }));
  const header = sheet.addRow(spec.columns.map((c) => cellOf(c.header)));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for await (const row of spec.rows) {
    sheet.addRow(spec.columns.map((c) => cellOf(c.value(row)))).commit();
    written += 1;
    if (written % ROWS_PER_TURN === 0) await letItFlow(out);
  }
  sheet.commit();
  await workbook.commit();
}

/** Sends the export as the reply: headers at once, then the rows as they are read. */
export function sendXlsx<T>(reply: FastifyReply, spec: XlsxExport<T>): FastifyReply {
  const body = new PassThrough();
  writeXlsx(body, spec).catch((err: unknown) => {
    reply.log.error({ err }, 'export failed');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', contentDisposition(xlsxFileName(spec.name, spec.at)))
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** Each row of an export changed as it is written (a viewer's masking). */
export async function* mapRows<T, U>(rows: AsyncIterable<T>, change: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield change(row);
}

/** The rows of a list already read whole (a short one), as an export takes them. */
export async function* rowsOf<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

/**
 * Reads a list a batch at a time, each batch after the last row of the previous one (keyset paging: no OFFSET walk,
 * no transaction held open while the client downloads).
 */
export async function* keysetBatches<T>(
  read: (after: T | undefined, limit: number) => Promise<T[]>,
  batch = 1_000,
): AsyncGenerator<T> {
  for await (const rows of keysetPages(read, batch)) yield* rows;
}

/** A cell's value as text: rich text joined, a formula by its result, a date as YYYY-MM-DD; '' for nothing. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

/**
 * The first column of an uploaded workbook's first sheet, its header row left out, as trimmed texts (at most
 * `maxRows` + 1 of them, so a caller can tell a file over the limit); undefined when the file is not a readable .xlsx.
 * A text the template's export protection quoted (`'=…`) is read back without the quote.
 */
export async function readFirstColumn(file: Buffer, maxRows: number): Promise<string[] | undefined> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return undefined;
  const texts: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || texts.length > maxRows) return;
    texts.push(cellText(row.getCell(1).value).trim());
  });
  return texts;
}
