// An .xlsx export as a spreadsheet program reads it: the first sheet's XML, unzipped with jszip (exceljs' own zip
// library), its cells with their types, and its rows.
import JSZip from 'jszip';

export interface SheetCell {
  /** 1-based row and column. */
  row: number;
  column: number;
  /** The `t` attribute: null for a number, `inlineStr` or `s` for text. */
  type: string | null;
  value: string | number;
}

export interface Sheet {
  name: string;
  xml: string;
  cells: SheetCell[];
  /** Every row (header first) as values by column; an empty cell is null. */
  rows: (string | number | null)[][];
}

const ENTITIES: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** Column letters to a 1-based index: A -> 1, AA -> 27. */
function columnIndex(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

/** Reads the first sheet; throws on a formula or a formula-result (`t="str"`) cell, which an export never has. */
export async function readSheet(file: Uint8Array): Promise<Sheet> {
  const zip = await JSZip.loadAsync(file);
  const xml = await zip.file('xl/worksheets/sheet1.xml')?.async('string');
  const workbook = await zip.file('xl/workbook.xml')?.async('string');
  if (!xml || !workbook) throw new Error('not an .xlsx with a first sheet');
  if (/<f[ >]/.test(xml) || /\bt="str"/.test(xml))
    throw new Error('the sheet has a formula or formula-result cell');
  const shared = await zip.file('xl/sharedStrings.xml')?.async('string');
  const strings = shared ? [...shared.matchAll(/<si>(.*?)<\/si>/gs)].map((m) => texts(m[1] ?? '')) : [];
  const cells = [...xml.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].flatMap((m) => {
    const [, letters = '', row = '', attrs = '', inner = ''] = m;
    const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? null;
    const v = /<v>(.*?)<\/v>/s.exec(inner)?.[1];
    let value: string | number | undefined;
    if (type === 'inlineStr') value = texts(inner);
    else if (type === 's') value = strings[Number(v)];
    else if (type === null && v !== undefined) value = Number(v);
    else if (v !== undefined) value = decodeXml(v);
    return value === undefined ? [] : [{ row: Number(row), column: columnIndex(letters), type, value }];
  });
  const width = Math.max(0, ...cells.filter((c) => c.row === 1).map((c) => c.column));
  const height = Math.max(0, ...cells.map((c) => c.row));
  const rows = Array.from({ length: height }, () => Array<string | number | null>(width).fill(null));
  for (const cell of cells) {
    const row = rows[cell.row - 1];
    if (row && cell.column <= width) row[cell.column - 1] = cell.value;
  }
  const name = decodeXml(/<sheet [^>]*name="([^"]*)"/.exec(workbook)?.[1] ?? '');
  return { name, xml, cells, rows };
}

/** The text of a string item: its `<t>` elements joined (one, or one per rich-text run). */
function texts(item: string): string {
  return [...item.matchAll(/<t(?: [^>]*)?>(.*?)<\/t>/gs)].map((m) => decodeXml(m[1] ?? '')).join('');
}
