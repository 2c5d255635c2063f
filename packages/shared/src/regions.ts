// Administrative regions with their national area codes (GB/T 2260), used for customer regions and the city picker.

export interface City {
  citycode: string;
  cityname: string;
  /** District-level regions with their codes (none for cities without districts, such as 东莞 and 中山). */
  districts: readonly { code: string; name: string }[];
}

export const CITIES: readonly City[] = [
  {
    citycode: '440300',
    cityname: '深圳市',
    districts: [
      { code: '440303', name: '罗湖区' },
      { code: '440304', name: '福田区' },
      { code: '440305', name: '南山区' },
      { code: '440306', name: '宝安区' },
      { code: '440307', name: '龙岗区' },
      { code: '440308', name: '盐田区' },
      { code: '440309', name: '龙华区' },
      { code: '440310', name: '坪山区' },
      { code: '440311', name: '光明区' },
    ],
  },
  {
    citycode: '440100',
    cityname: '广州市',
    districts: [
      { code: '440103', name: '荔湾区' },
      { code: '440104', name: '越秀区' },
      { code: '440105', name: '海珠区' },
      { code: '440106', name: '天河区' },
      { code: '440111', name: '白云区' },
      { code: '440112', name: '黄埔区' },
      { code: '440113', name: '番禺区' },
      { code: '440114', name: '花都区' },
      { code: '440115', name: '南沙区' },
      { code: '440117', name: '从化区' },
      { code: '440118', name: '增城区' },
    ],
  },
  {
    citycode: '441900',
    cityname: '东莞市',
    districts: [],
  },
  {
    citycode: '440600',
    cityname: '佛山市',
    districts: [
      { code: '440604', name: '禅城区' },
      { code: '440605', name: '南海区' },
      { code: '440606', name: '顺德区' },
      { code: '440607', name: '三水区' },
      { code: '440608', name: '高明区' },
    ],
  },
  {
    citycode: '440400',
    cityname: '珠海市',
    districts: [
      { code: '440402', name: '香洲区' },
      { code: '440403', name: '斗门区' },
      { code: '440404', name: '金湾区' },
    ],
  },
  {
    citycode: '441300',
    cityname: '惠州市',
    districts: [
      { code: '441302', name: '惠城区' },
      { code: '441303', name: '惠阳区' },
      { code: '441322', name: '博罗县' },
      { code: '441323', name: '惠东县' },
    ],
  },
  {
    citycode: '442000',
    cityname: '中山市',
    districts: [],
  },
];

export function cityByCode(code: string | null | undefined): City | undefined {
  return CITIES.find((c) => c.citycode === code);
}

/** The city a district (or city) code belongs to. */
export function cityOfArea(areaCode: string): City | undefined {
  return CITIES.find((c) => areaCode === c.citycode || c.districts.some((d) => d.code === areaCode));
}

/** The province the region data covers: its code selects every item of the province. */
export const PROVINCE_REGION = { code: '440000', name: '广东省' } as const;
