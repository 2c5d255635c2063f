import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
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

describe('xlsx exports', () => {
  it('writes Chinese headers and every row, text that looks like a formula staying text', async () => {
    const rows = [
      { name: '甲公司', capital: 100 },
      { name: '=HYPERLINK("http://x","y")', capital: null },
    ];
    async function* source() {
      yield* rows;
    }
    const file = await toBuffer((out) =>
      writeXlsx(out, {
        sheet: '客户',
        columns: [
          { header: '企业名称', value: (r) => r.name },
          { header: '注册资本（万元）', value: (r) => r.capital },
        ],
        rows: source(),
      }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(file).buffer);
    const sheet = book.getWorksheet('客户');
    expect(sheet?.getRow(1).values).toEqual([undefined, '企业名称', '注册资本（万元）']);
    expect(sheet?.getRow(2).values).toEqual([undefined, '甲公司', 100]);
    expect(sheet?.getCell('A3').value).toBe('=HYPERLINK("http://x","y")');
    expect(sheet?.getCell('A3').formula).toBeUndefined();
    expect(sheet?.rowCount).toBe(3);
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
