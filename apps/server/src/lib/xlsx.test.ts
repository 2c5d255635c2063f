import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../../test/support/xlsx.js';
import { keysetBatches, writeXlsx, xlsxFileName } from './xlsx.js';

async function toBuffer(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

async function* source<T>(rows: T[]) {
  yield* rows;
}

describe('xlsx exports', () => {
  /** A cell's text as exceljs reads it back: a plain string, or the runs of an inline string joined. */
  const textOf = (value: ExcelJS.CellValue) =>
    value && typeof value === 'object' && 'richText' in value
      ? value.richText.map((r) => r.text).join('')
      : value;

  it('writes Chinese headers and every row, numbers as numbers and text as text', async () => {
    const rows = [
      { name: '甲公司', capital: 100 },
      { name: '乙公司', capital: null },
    ];
    const file = await toBuffer((out) =>
      writeXlsx(out, {
        sheet: '客户',
        columns: [
          { header: '企业名称', value: (r) => r.name },
          { header: '注册资本（万元）', value: (r) => r.capital },
        ],
        rows: source(rows),
      }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(file).buffer);
    const sheet = book.getWorksheet('客户');
    if (!sheet) throw new Error('no sheet');
    expect((sheet.getRow(1).values as ExcelJS.CellValue[]).map(textOf)).toEqual([
      undefined,
      '企业名称',
      '注册资本（万元）',
    ]);
    expect((sheet.getRow(2).values as ExcelJS.CellValue[]).map(textOf)).toEqual([undefined, '甲公司', 100]);
    expect(textOf(sheet.getCell('A3').value)).toBe('乙公司');
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(3);
  });

  it('writes text as strings, never as a formula result, and quotes text a spreadsheet would run', async () => {
    const values: (string | number)[] = [
      '=HYPERLINK("http://evil.example/?x","点我")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
      ' =leading space',
      'plain 文本',
      -5,
      -0.5,
      3.25,
    ];
    const file = await toBuffer((out) =>
      writeXlsx(out, {
        sheet: '导出',
        columns: [{ header: '=值', value: (v) => v }],
        rows: source(values),
      }),
    );
    // The sheet's XML itself, as a spreadsheet program reads it (readSheet also refuses any t="str" or formula).
    const sheet = await readSheet(file);
    expect(sheet.xml).not.toMatch(/t="str"|<f>/);
    expect(sheet.cells.map((c) => c.type)).toEqual([...Array(9).fill('inlineStr'), null, null, null]);
    expect(sheet.cells.map((c) => c.value)).toEqual([
      "'=值",
      '\'=HYPERLINK("http://evil.example/?x","点我")',
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      ' =leading space',
      'plain 文本',
      -5,
      -0.5,
      3.25,
    ]);
  });

  it('names the file by its Shanghai date', () => {
    expect(xlsxFileName('我的客户', new Date('2026-11-23T16:30:00Z'))).toBe('我的客户-20261124.xlsx');
  });

  it('reads a list batch by batch after the last row', async () => {
    const all = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
    const calls: (number | undefined)[] = [];
    const read = async (after: { id: number } | undefined, limit: number) => {
      calls.push(after?.id);
      return all.filter((r) => r.id > (after?.id ?? 0)).slice(0, limit);
    };
    const seen: number[] = [];
    for await (const row of keysetBatches(read, 10)) seen.push(row.id);
    expect(seen).toEqual(all.map((r) => r.id));
    expect(calls).toEqual([undefined, 10, 20]);
  });
});
