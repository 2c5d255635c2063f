// Who a policy item or a project is for: a city, a district and an industry, each null for "all".
export interface Scope {
  /** null: province-wide. */
  city_code: string | null;
  /** null: the whole city. */
  area_code: string | null;
  /** null: every industry. */
  industry_code: string | null;
}
