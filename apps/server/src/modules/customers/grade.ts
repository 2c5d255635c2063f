// The high-tech enterprise self-assessment (高新技术企业认定 评分, 100 points, 71 to pass) of one customer, from what
// the platform knows of it: intellectual property, qualification, age and size. A pre-assessment, not the official score.
import { DAY_MS, type HtsGrade, type HtsGradeItem } from '@uc/shared';

interface GradeInput {
  id: number;
  name: string;
  industry_code: string;
  is_hightech: number;
  reg_capital_hundredths: number;
  /** YYYY-MM-DD */
  reg_time: string;
  /** Class I IP (invention patents and the like). */
  ipcount1: number;
  /** Class II IP (utility models, designs, software copyrights). */
  ipcount2: number;
}

/** Industries of the high-tech fields most customers apply under (manufacturing, IT, R&D services). */
const TECH_INDUSTRIES = new Set(['C', 'I', 'M']);

const YEAR_MS = 365.25 * DAY_MS;

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

export function gradeOf(customer: GradeInput, now: Date): HtsGrade {
  const { ipcount1, ipcount2 } = customer;
  // 知识产权 (30): class I IP scores high, class II alone is capped low.
  const ip = ipcount1 > 0 ? 22 + 2 * ipcount1 : ipcount2 > 0 ? 6 + ipcount2 : 0;
  // 科技成果转化能力 (30): conversions follow the body of IP.
  const conversion = 6 + 2 * (ipcount1 + ipcount2);
  // 研究开发组织管理水平 (20)
  const organisation = customer.is_hightech ? 18 : TECH_INDUSTRIES.has(customer.industry_code) ? 14 : 10;
  // 企业成长性 (20): at least a year of operation to be assessed at all; age and capital as the proxy of growth.
  const years = (now.getTime() - Date.parse(`${customer.reg_time}T00:00:00+08:00`)) / YEAR_MS;
  const capitalWan = customer.reg_capital_hundredths / 100;
  const growth =
    years < 1 ? 0 : 8 + Math.min(6, Math.floor(years)) + (capitalWan >= 1000 ? 6 : capitalWan >= 300 ? 3 : 0);

  const items: HtsGradeItem[] = [
    { name: '知识产权', score: clamp(ip, 30), max: 30 },
    { name: '科技成果转化能力', score: clamp(conversion, 30), max: 30 },
    { name: '研究开发组织管理水平', score: clamp(organisation, 20), max: 20 },
    { name: '企业成长性', score: clamp(growth, 20), max: 20 },
  ];
  const score = items.reduce((sum, item) => sum + item.score, 0);
  const [grade, conclusion] =
    score >= 85
      ? (['A', '优秀，可申报'] as const)
      : score >= 71
        ? (['B', '达标，可申报'] as const)
        : score >= 60
          ? (['C', '接近达标，建议培育'] as const)
          : (['D', '差距较大，建议长期培育'] as const);
  return { customer_id: customer.id, cus_name: customer.name, score, grade, conclusion, items };
}
