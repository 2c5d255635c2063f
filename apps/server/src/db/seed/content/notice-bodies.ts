// Real-looking content of a notice for the demo and the benchmarks: a body (HTML as the console's editor writes it:
// headings, paragraphs, a list, sometimes a table), a 文号 and an original URL on a government site; and tiny valid
// files to attach (a one-page PDF with ASCII text, a PNG picture) made without any library.
import { deflateSync } from 'node:zlib';
import { escapeHtml } from '../../../lib/html.js';
import type { Rng } from './prng.js';

const OPENINGS = [
  '为深入实施创新驱动发展战略，加快培育发展新质生产力，根据有关文件精神，经研究决定，现将有关事项通知如下。',
  '为进一步优化营商环境，支持中小企业专精特新发展，推动产业链供应链稳定畅通，现组织开展本年度项目申报工作。',
  '为贯彻落实省、市关于推动制造业高质量发展的部署，鼓励企业加大研发投入，现就有关资助事项通知如下。',
];

const CONDITIONS = [
  '在本市依法注册、具有独立法人资格，纳税信用等级为B级以上',
  '上年度研发费用加计扣除金额不低于100万元，研发投入占营业收入比例不低于3%',
  '近三年内未发生重大安全、质量事故和严重环境违法行为',
  '已认定为国家高新技术企业或专精特新中小企业（“小巨人”企业优先）',
  '拥有与主营产品相关的Ⅰ类知识产权不少于1项',
  '申报材料真实、完整、有效，对弄虚作假的取消申报资格并记入信用记录',
];

const MATERIALS = [
  '项目申报书（加盖单位公章）',
  '营业执照副本复印件',
  '上年度财务审计报告及纳税证明',
  '研发费用专项审计报告',
  '知识产权证明材料',
  '信用承诺书',
];

const DEPT_PREFIXES = ['深科技创新', '深工信', '深发改', '粤科', '粤工信', '深商务'];
const SITES = [
  'stic.sz.gov.cn',
  'gxj.sz.gov.cn',
  'fgw.sz.gov.cn',
  'gdstc.gd.gov.cn',
  'gdii.gd.gov.cn',
  'commerce.sz.gov.cn',
];

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** A notice's content: its body, 文号 and original URL; `i` varies it (every fourth has a table). */
export function noticeBody(
  rng: Rng,
  i: number,
  options: { title?: string; year?: number } = {},
): { content: string; doc_no: string; source_url: string } {
  const year = options.year ?? 2026;
  const dept = rng.int(0, DEPT_PREFIXES.length - 1);
  const conditions = [...CONDITIONS].sort(() => rng.next() - 0.5).slice(0, rng.int(3, 5));
  const materials = MATERIALS.slice(0, rng.int(3, MATERIALS.length));
  const amount = rng.int(2, 20) * 10;
  const parts = [
    para(rng.pick(OPENINGS)),
    '<h2>一、支持对象与申报条件</h2>',
    para('申报单位应同时符合以下条件：'),
    `<ol>${conditions.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ol>`,
    '<h2>二、支持方式与标准</h2>',
    para(
      `采用事后资助方式，按经审核的研发投入的20%给予资助，单个项目最高不超过${amount}万元；同一企业同一年度只能申报一个项目。`,
    ),
  ];
  if (i % 4 === 0)
    parts.push(
      '<table><thead><tr><th>类别</th><th>资助比例</th><th>最高额度</th></tr></thead><tbody>' +
        `<tr><td>国家高新技术企业</td><td>20%</td><td>${amount}万元</td></tr>` +
        `<tr><td>专精特新中小企业</td><td>15%</td><td>${Math.round(amount * 0.6)}万元</td></tr>` +
        `<tr><td>其他企业</td><td>10%</td><td>${Math.round(amount * 0.3)}万元</td></tr>` +
        '</tbody></table>',
    );
  parts.push(
    '<h2>三、申报材料</h2>',
    `<ul>${materials.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`,
    '<h2>四、办理流程</h2>',
    para(
      '申报单位登录业务管理系统在线填报，提交纸质材料一式两份；主管部门组织专家评审、现场核查，结果在官方网站公示5个工作日。',
    ),
    para('咨询电话：0755-88888888（工作日9:00-12:00，14:00-18:00）。'),
    '<p style="text-align: right">特此通知。</p>',
  );
  const number = rng.int(10, 320);
  return {
    content: parts.join(''),
    doc_no: `${DEPT_PREFIXES[dept]}〔${year}〕${number}号`,
    source_url: `https://${SITES[dept]}/xxgk/tzgg/content/post_${rng.int(10_000_000, 12_999_999)}.html`,
  };
}

// ------------------------------------------------------------------------------------------------- files

/** A one-page PDF showing `lines` (ASCII: the base fonts have no Chinese). */
export function tinyPdf(lines: readonly string[]): Buffer {
  const text = lines
    .map(
      (line, n) => `BT /F1 14 Tf 60 ${760 - n * 22} Td (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, n) => {
    offsets.push(Buffer.byteLength(body));
    body += `${n + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG of `width` x `height`: bands of the given RGB colours, top to bottom (a chart-like picture). */
export function tinyPng(width: number, height: number, colours: readonly [number, number, number][]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      // Bars of growing length, one colour each.
      const band = Math.floor((y / height) * colours.length);
      const [r, g, b] = x < ((band + 1) / colours.length) * width ? colours[band]! : [245, 247, 250];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
