// Countries and regions with their international dialing codes, grouped by the pinyin initial of the name.

export interface DialRegion {
  /** ISO 3166-1 alpha-2 code: unique, unlike the dialing code (+1, +7 are shared). */
  code: string;
  name: string;
  /** Dialing code without the plus sign. */
  dial: string;
}

export interface DialGroup {
  letter: string;
  regions: readonly DialRegion[];
}

type Row = readonly [code: string, name: string, dial: string];

const TABLE: Readonly<Record<string, readonly Row[]>> = {
  A: [
    ['AL', '阿尔巴尼亚', '355'],
    ['DZ', '阿尔及利亚', '213'],
    ['AF', '阿富汗', '93'],
    ['AR', '阿根廷', '54'],
    ['AE', '阿联酋', '971'],
    ['OM', '阿曼', '968'],
    ['AZ', '阿塞拜疆', '994'],
    ['EG', '埃及', '20'],
    ['ET', '埃塞俄比亚', '251'],
    ['IE', '爱尔兰', '353'],
    ['EE', '爱沙尼亚', '372'],
    ['AO', '安哥拉', '244'],
    ['AT', '奥地利', '43'],
    ['AU', '澳大利亚', '61'],
  ],
  B: [
    ['PK', '巴基斯坦', '92'],
    ['BH', '巴林', '973'],
    ['PA', '巴拿马', '507'],
    ['BR', '巴西', '55'],
    ['BY', '白俄罗斯', '375'],
    ['BG', '保加利亚', '359'],
    ['BE', '比利时', '32'],
    ['IS', '冰岛', '354'],
    ['PL', '波兰', '48'],
    ['BO', '玻利维亚', '591'],
    ['BW', '博茨瓦纳', '267'],
  ],
  C: [['KP', '朝鲜', '850']],
  D: [
    ['DK', '丹麦', '45'],
    ['DE', '德国', '49'],
    ['TG', '多哥', '228'],
  ],
  E: [
    ['EC', '厄瓜多尔', '593'],
    ['RU', '俄罗斯', '7'],
  ],
  F: [
    ['FR', '法国', '33'],
    ['PH', '菲律宾', '63'],
    ['FJ', '斐济', '679'],
    ['FI', '芬兰', '358'],
  ],
  G: [
    ['CO', '哥伦比亚', '57'],
    ['CR', '哥斯达黎加', '506'],
    ['GE', '格鲁吉亚', '995'],
    ['CU', '古巴', '53'],
  ],
  H: [
    ['KZ', '哈萨克斯坦', '7'],
    ['KR', '韩国', '82'],
    ['NL', '荷兰', '31'],
    ['ME', '黑山', '382'],
    ['HN', '洪都拉斯', '504'],
  ],
  J: [
    ['KG', '吉尔吉斯斯坦', '996'],
    ['CA', '加拿大', '1'],
    ['GH', '加纳', '233'],
    ['KH', '柬埔寨', '855'],
    ['CZ', '捷克', '420'],
    ['ZW', '津巴布韦', '263'],
  ],
  K: [
    ['CM', '喀麦隆', '237'],
    ['QA', '卡塔尔', '974'],
    ['KW', '科威特', '965'],
    ['HR', '克罗地亚', '385'],
    ['KE', '肯尼亚', '254'],
  ],
  L: [
    ['LV', '拉脱维亚', '371'],
    ['LA', '老挝', '856'],
    ['LB', '黎巴嫩', '961'],
    ['LT', '立陶宛', '370'],
    ['LU', '卢森堡', '352'],
    ['RW', '卢旺达', '250'],
    ['RO', '罗马尼亚', '40'],
  ],
  M: [
    ['MV', '马尔代夫', '960'],
    ['MT', '马耳他', '356'],
    ['MY', '马来西亚', '60'],
    ['MU', '毛里求斯', '230'],
    ['US', '美国', '1'],
    ['MN', '蒙古', '976'],
    ['BD', '孟加拉国', '880'],
    ['PE', '秘鲁', '51'],
    ['MM', '缅甸', '95'],
    ['MA', '摩洛哥', '212'],
    ['MX', '墨西哥', '52'],
  ],
  N: [
    ['ZA', '南非', '27'],
    ['NP', '尼泊尔', '977'],
    ['NG', '尼日利亚', '234'],
    ['NO', '挪威', '47'],
  ],
  P: [['PT', '葡萄牙', '351']],
  R: [
    ['JP', '日本', '81'],
    ['SE', '瑞典', '46'],
    ['CH', '瑞士', '41'],
  ],
  S: [
    ['SV', '萨尔瓦多', '503'],
    ['RS', '塞尔维亚', '381'],
    ['CY', '塞浦路斯', '357'],
    ['SA', '沙特阿拉伯', '966'],
    ['LK', '斯里兰卡', '94'],
    ['SK', '斯洛伐克', '421'],
    ['SI', '斯洛文尼亚', '386'],
  ],
  T: [
    ['TJ', '塔吉克斯坦', '992'],
    ['TH', '泰国', '66'],
    ['TZ', '坦桑尼亚', '255'],
    ['TN', '突尼斯', '216'],
    ['TR', '土耳其', '90'],
    ['TM', '土库曼斯坦', '993'],
  ],
  W: [
    ['BN', '文莱', '673'],
    ['UG', '乌干达', '256'],
    ['UA', '乌克兰', '380'],
    ['UY', '乌拉圭', '598'],
    ['UZ', '乌兹别克斯坦', '998'],
  ],
  X: [
    ['ES', '西班牙', '34'],
    ['GR', '希腊', '30'],
    ['SG', '新加坡', '65'],
    ['NZ', '新西兰', '64'],
    ['HU', '匈牙利', '36'],
    ['SY', '叙利亚', '963'],
  ],
  Y: [
    ['AM', '亚美尼亚', '374'],
    ['YE', '也门', '967'],
    ['IQ', '伊拉克', '964'],
    ['IR', '伊朗', '98'],
    ['IL', '以色列', '972'],
    ['IT', '意大利', '39'],
    ['IN', '印度', '91'],
    ['ID', '印度尼西亚', '62'],
    ['GB', '英国', '44'],
    ['JO', '约旦', '962'],
    ['VN', '越南', '84'],
  ],
  Z: [
    ['ZM', '赞比亚', '260'],
    ['CL', '智利', '56'],
    ['CF', '中非', '236'],
    ['CN', '中国大陆', '86'],
    ['HK', '中国香港', '852'],
    ['MO', '中国澳门', '853'],
    ['TW', '中国台湾', '886'],
  ],
};

export const DIAL_GROUPS: readonly DialGroup[] = Object.entries(TABLE)
  // Single Latin capitals: compared as they are (localeCompare would load the collator's data on the login page).
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([letter, rows]) => ({
    letter,
    regions: rows.map(([code, name, dial]) => ({ code, name, dial })),
  }));

/** 中国大陆 +86, the default of the registration form. */
export const DEFAULT_DIAL_REGION = 'CN';

const MAINLAND: DialRegion = { code: DEFAULT_DIAL_REGION, name: '中国大陆', dial: '86' };
const BY_CODE = new Map(DIAL_GROUPS.flatMap((g) => g.regions.map((r) => [r.code, r] as const)));

export function dialRegion(code: string | undefined): DialRegion {
  return BY_CODE.get(code ?? DEFAULT_DIAL_REGION) ?? MAINLAND;
}

/**
 * Whether the region can be picked: the mobile rule of docs/requirements.md §5 (11 digits, 1[3-9]…) and the server accept
 * mainland numbers only, so every other region is listed but unavailable for now.
 */
export function isMainland(code: string | undefined): boolean {
  return dialRegion(code).dial === '86';
}

/** Why the other regions are unavailable (shown in the list). */
export const MAINLAND_ONLY_NOTE = '暂仅支持中国大陆手机号';
