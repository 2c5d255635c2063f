// Table types of the database (Kysely): timestamps are ISO-8601 UTC text, flags are integers 0/1.
import type { Generated, Selectable } from 'kysely';
import type { NoticeDoc } from './migrations/notice-grams.js';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** argon2id(sha256hex(password)). */
  password_hash: string;
  company_name: string;
  email: Generated<string>;
  /** Not unique: several accounts may share a mobile. */
  mobile: string | null;
  /** A main-site path such as /media/avatar/default.png; the client prefixes the host. */
  avatar: Generated<string>;
  level: Generated<number>;
  /** Plan id (docs/requirements.md §4). */
  gid: number | null;
  expired_at: string | null;
  is_service: Generated<number>;
  /** Sub-accounts take level, gid and expiry from parent_id. */
  is_sub: Generated<number>;
  parent_id: number | null;
  /** Push channel: a main account's own id, a sub-account's parent id. */
  group_id: Generated<number>;
  /** Area code, Shenzhen by default. */
  area: Generated<string>;
  /** Site code (CCW-Site cookie). */
  site: Generated<string>;
  is_one_click: Generated<number>;
  /** Distribution source at registration (CCW-Distribution). */
  source: string | null;
  created_at: string;
  updated_at: string;
  /** Contact name (account information page, sub-account list). */
  contact_name: Generated<string>;
  /** 0: disabled by its main account (login refused, sessions ended). */
  enabled: Generated<number>;
  disabled_at: Generated<string | null>;
  /** A deleted sub-account: the row stays, nothing reads it as an account. */
  deleted_at: Generated<string | null>;
  password_changed_at: Generated<string | null>;
  /** Disabled by staff in the console (migration 0030): login refused until staff enable it; null: not. */
  staff_disabled_at: Generated<string | null>;
}

export interface SessionsTable {
  jti: string;
  user_id: number;
  remember_me: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  ip: string;
  user_agent: string;
}

export interface MenusTable {
  id: Generated<number>;
  parent_id: number | null;
  path: string;
  name: string;
  /** 'Layout', a page registry key, or '' for an external link. */
  component: string;
  hidden: Generated<number>;
  always_show: Generated<number>;
  redirect: string | null;
  title: string;
  icon: Generated<string>;
  sort: Generated<number>;
  /** Lowest effective level that sees the node. */
  min_level: Generated<number>;
  /** Hidden from sub-accounts (package pages). */
  package_only: Generated<number>;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  menus: MenusTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MenuRow = Selectable<MenusTable>;

// --- Customers, policy content and member records (migration 2026_11_22_0003_content). Amounts are hundredths of 万元 (exact). ---

/** The intellectual-property counts of a company, a customer and a summary of customers. */
export interface IpCountColumns {
  ipcount1: number;
  ipcount2: number;
  fmzl_count: number;
  rjzzq_count: number;
  syxx_count: number;
  wg_count: number;
}

/** Where a company is and what it is: the registry's columns (companies), copied onto a customer when added. */
export interface CompanyColumns extends IpCountColumns {
  name: string;
  /** GB/T 4754 section letter. */
  industry_code: string;
  city_code: string;
  /** District code; the city code for cities without districts. */
  area_code: string;
  is_hightech: number;
  reg_capital_hundredths: number;
  /** YYYY-MM-DD */
  reg_time: string;
}

export interface CustomersTable extends CompanyColumns {
  id: Generated<number>;
  /** The member (main account) that owns the customer. */
  user_id: number;
  created_at: string;
  /** The registry company (companies) this customer is; its columns above are the company's, copied when added. */
  company_id: number;
}

/** Per member, district and industry; maintained in the transaction of every customer insert. */
export interface CustomerStatsTable extends IpCountColumns {
  user_id: number;
  city_code: string;
  area_code: string;
  industry_code: string;
  customers: number;
  hightech: number;
}

/** Per member, one facet ('month' added, 'capital' band, 'regyear'); maintained like customer_stats. */
export interface CustomerFacetsTable {
  user_id: number;
  facet: string;
  key: string;
  count: number;
}

export interface MemberProfilesTable {
  user_id: number;
  reg_capital_hundredths: number;
  reg_time: string;
  area_code: string;
  industry_code: string;
}

export interface PolicyItemsTable {
  id: Generated<number>;
  /** 'sbtz' | 'gsgg' | 'zcdt' */
  type: string;
  title: string;
  dept_name: string;
  /** null: province-wide. */
  city_code: string | null;
  /** null: the whole city. */
  area_code: string | null;
  /** null: every industry. */
  industry_code: string | null;
  publish_time: string;
  /** Declaration deadline of an sbtz item. */
  end_time: string | null;
}

/**
 * 撤回 by the console (migration 2026_11_27_0031_content_withdraw): publish_time then lies past every "now". Kept
 * apart from PolicyItemsTable so the member reads' row types (Selectable<PolicyItemsTable>) stay as they were.
 */
export interface PolicyItemWithdrawalColumns {
  withdrawn_at: string | null;
  withdraw_reason: string | null;
  /** The publish time the item had when it was withdrawn. */
  withdrawn_publish_time: string | null;
}

/** The content of an item (migration 2026_11_29_0042_notice_content), apart like the withdrawal columns. */
export interface PolicyItemContentColumns {
  /** The body: sanitized HTML ('' when none). */
  content: Generated<string>;
  /** 文号. */
  doc_no: Generated<string>;
  /** 原文链接. */
  source_url: Generated<string>;
}

/** A file of a notice (migration 2026_11_29_0042_notice_content): an attachment or an image of a body. */
export interface NoticeFilesTable {
  id: Generated<number>;
  /** 'policy' | 'news' */
  notice_type: string;
  /** null until the notice using it is saved. */
  notice_id: number | null;
  /** 'attachment' | 'image' */
  kind: string;
  /** An attachment's place in its notice's list. */
  position: Generated<number>;
  /** The name it was uploaded under. */
  name: string;
  mime: string;
  size: number;
  sha256: string;
  /** Its key in the file store. */
  storage_key: string;
  /** The staff member who uploaded it. */
  created_by: number;
  created_at: string;
}

export interface ProjectsTable {
  mid: Generated<number>;
  name: string;
  dept_name: string;
  city_code: string | null;
  area_code: string | null;
  industry_code: string | null;
  start_time: string;
  end_time: string;
  /** Its 申报通知 (policy_items.id), null when none is known (migration 2026_11_29_0045_notice_links). */
  item_id: number | null;
}

export interface PublicityItemsTable {
  id: Generated<number>;
  identityid: string;
  title: string;
  companyname: string;
  dept: string;
  publishtime: string;
  qualification: string;
  customer_id: number | null;
  /** The member owning customer_id. */
  user_id: number | null;
  /** The 公示公告 (a gsgg policy item) whose 公示名单 this row is; null for rows of no known item. */
  item_id: number | null;
  /** The company's unified social credit code as its list gives it ('' when unknown); identityid is the row's id. */
  credit_code: Generated<string>;
}

export interface OwnPublicityTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  title2: string;
  dept_name: string;
  publish_time: string;
  /** Its 公示公告 (policy_items.id), null when none is known (migration 2026_11_29_0045_notice_links). */
  item_id: number | null;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  created_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  guid: string;
  title: string;
  source: string;
  /** Paragraphs separated by newlines. */
  content: string;
  publish_time: string;
}

/** 撤回 of a news article by the console (migration 2026_11_27_0033_news_withdraw): the policy items' columns. */
export type NewsWithdrawalColumns = PolicyItemWithdrawalColumns;

export interface FundingRecordsTable {
  id: Generated<number>;
  user_id: number;
  project_name: string;
  dep_name: string;
  amount_hundredths: number;
  created_at: string;
  updated_at: string;
}

// Declaration merging adds these tables to Database above.
export interface Database {
  customers: CustomersTable;
  customer_stats: CustomerStatsTable;
  customer_facets: CustomerFacetsTable;
  member_profiles: MemberProfilesTable;
  policy_items: PolicyItemsTable & PolicyItemWithdrawalColumns & PolicyItemContentColumns;
  projects: ProjectsTable;
  publicity_items: PublicityItemsTable;
  own_publicity: OwnPublicityTable;
  subscriptions: SubscriptionsTable;
  news: NewsTable & NewsWithdrawalColumns;
  notice_files: NoticeFilesTable;
  funding_records: FundingRecordsTable;
}

// --- Membership commerce (migration 2026_11_23_0004_commerce). Money is integer fen. ---

export interface PlansTable {
  gid: number;
  name: string;
  /** The level a purchase grants; null for the API package (level unchanged). */
  level: number | null;
  unit_price_fen: number;
  /** 'year' | 'months12' */
  unit: string;
  api_calls_per_unit: number | null;
  /** JSON array of strings. */
  features: Generated<string>;
  on_sale: Generated<number>;
  plain_invoice_only: Generated<number>;
  sort: Generated<number>;
}

export interface PlanTiersTable {
  gid: number;
  count: number;
  /** Factor applied to the total of `count` units, per mille (950 = 95%). */
  factor_permille: number;
}

export interface OrdersTable {
  id: Generated<number>;
  out_trade_no: string;
  user_id: number;
  gid: number;
  count: number;
  total_fen: number;
  credit_fen: Generated<number>;
  final_fen: number;
  /** OrderStatus of @uc/shared. */
  status: string;
  channel: string | null;
  late_time: string;
  expiry_before: string | null;
  expiry_after: string | null;
  source: string | null;
  queried_at: string | null;
  paid_at: string | null;
  paid_attempt_id: number | null;
  paid_late: Generated<number>;
  duplicate_paid: Generated<number>;
  /** Money paid for this order that bought nothing (a second or stale payment): owed back. */
  refund_fen: Generated<number>;
  /** An order of usage credits (gid PLAN.credits): the tool_credit_packs row it buys `count` of; else null. */
  pack_id: number | null;
  /** An order of gift cards (gid PLAN.gift): the gift_card_products row it buys `count` cards of; else null. */
  gift_id: number | null;
  /** The member's coupon its price applies (a user_coupons row), and what it takes off; null and 0: none. */
  coupon_id: number | null;
  coupon_fen: Generated<number>;
  /** Why it was closed unpaid: 'superseded' (a purchase credited since includes its plan); else null. */
  closed_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A member's WeChat openid under one official-account app id (JSAPI payments; docs/decisions.md "Payment channels by device"). */
export interface WechatPayersTable {
  user_id: number;
  appid: string;
  openid: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: number;
  seq: number;
  trade_no: string;
  provider: string;
  channel: string;
  pay_type: number;
  amount_fen: number;
  /** 'open' | 'paid' | 'closed' | 'failed' */
  status: string;
  provider_txn_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** What this attempt buys, frozen when it was issued (null only on attempts issued before they were recorded). */
  gid: number | null;
  count: number | null;
  total_fen: number | null;
  credit_fen: number | null;
  /** PurchaseKind of the price. */
  kind: string | null;
  /** The plan state the price was computed against: the member's gid and expiry (the API quota's for the API). */
  basis_gid: number | null;
  basis_expiry: string | null;
  /** An attempt of a credit order: the pack it buys `count` of (frozen like the rest); else null. */
  pack_id: number | null;
  /** An attempt of a gift card order: the product it buys `count` cards of; else null. */
  gift_id: number | null;
  /** The coupon locked to the order for this attempt's price, and what it took off (frozen like the rest). */
  coupon_id: number | null;
  coupon_fen: Generated<number>;
  /** Pending + succeeded refunds of this attempt, in fen (migration 0028); never above amount_fen. */
  refunded_fen: Generated<number>;
}

/** A refund of a paid attempt (migration 2026_11_27_0028_refunds). */
export interface RefundsTable {
  id: Generated<number>;
  /** Our out_refund_no (WeChat Pay) / out_request_no (Alipay). */
  refund_no: string;
  order_id: number;
  attempt_id: number;
  provider: string;
  amount_fen: number;
  reason: string;
  /** 'pending' | 'succeeded' | 'failed' | 'closed' */
  status: string;
  provider_refund_id: string | null;
  /** 1: the whole of the order's paid attempt (the membership is reversed). */
  whole: Generated<number>;
  staff_id: number | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
  /** An off-line refund's bank reference (流水号) and Shanghai date sent (migration 0037); null for a provider's. */
  bank_ref: Generated<string | null>;
  refunded_on: Generated<string | null>;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  /** 'notification' | 'query' | 'transfer' | 'credit' */
  kind: string;
  event_id: string | null;
  trade_no: string | null;
  order_id: number | null;
  verified: number;
  reason: string | null;
  outcome: string;
  amount_fen: number | null;
  raw: string;
  created_at: string;
}

export interface MembershipChangesTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  gid_before: number | null;
  gid_after: number | null;
  level_before: number;
  level_after: number;
  expiry_before: string | null;
  expiry_after: string | null;
  api_calls_added: Generated<number>;
  provider: string;
  created_at: string;
  /** PurchaseKind: 'renew' | 'switch' | 'start' | 'api' (a credit order writes no membership row). */
  kind: string | null;
  /** Where the purchased days start (the running expiry for a renewal, else the credit's time). */
  starts_at: string | null;
  /** Units bought, what they are worth (the order's total, money plus credit carried over) and the money paid. */
  units: Generated<number>;
  value_fen: Generated<number>;
  paid_fen: Generated<number>;
}

export interface ApiQuotasTable {
  user_id: number;
  total: Generated<number>;
  used: Generated<number>;
  expired_at: string | null;
  updated_at: string;
}

// --- Redemption cards (migration 2026_11_26_0019_cards) ---

/** What a card grants when bound: a batch's cards, or the cards a gift product sells. */
export interface CardGrantColumns {
  /** CardGrantKind of @uc/shared. */
  grant_kind: string;
  grant_gid: number | null;
  grant_tool: string | null;
  /** Years of the plan, uses of the tool, or API calls. */
  grant_units: number;
}

export interface CardBatchesTable extends CardGrantColumns {
  id: Generated<number>;
  name: string;
  count: number;
  expires_at: string;
  /** 'active' | 'void' */
  status: string;
  created_at: string;
  /** A gift batch: the order that bought it (its buyer owns the cards); null for an operator's batch. */
  order_id: number | null;
  /** A gift batch: when the buyer was shown the secrets, and when it downloaded them (then they are dropped). */
  shown_at: string | null;
  downloaded_at: string | null;
  /** A coupon batch: the coupon_templates row each card's coupon is issued from; else null. */
  grant_template: number | null;
  /** The staff username that created it ('cli': the command line; null: a gift batch or before 0032). */
  created_by: string | null;
}

// --- Coupons (migration 2026_11_27_0021_coupons). ---

export interface CouponTemplatesTable {
  id: Generated<number>;
  name: string;
  /** CouponKind of @uc/shared. */
  kind: string;
  threshold_fen: Generated<number>;
  discount_fen: Generated<number>;
  /** 折扣: the percent paid (80 = 8折). */
  percent: number | null;
  max_discount_fen: number | null;
  /** JSON array of catalogue gids; null: all goods. */
  scope_gids: string | null;
  total_count: number | null;
  take_limit: number | null;
  issued_count: Generated<number>;
  valid_days: number | null;
  valid_start: string | null;
  valid_end: string | null;
  on_register: Generated<number>;
  /** 'active' | 'stopped' */
  status: string;
  created_at: string;
}

export interface UserCouponsTable {
  id: Generated<number>;
  template_id: number;
  user_id: number;
  name: string;
  kind: string;
  threshold_fen: number;
  discount_fen: number;
  percent: number | null;
  max_discount_fen: number | null;
  scope_gids: string | null;
  valid_start: string;
  valid_end: string;
  /** 'unused' | 'locked' | 'used' */
  status: string;
  order_id: number | null;
  locked_at: string | null;
  used_at: string | null;
  /** CouponSource of @uc/shared. */
  source: string;
  source_ref: string | null;
  created_at: string;
}

export interface GiftCardProductsTable extends CardGrantColumns {
  id: Generated<number>;
  name: string;
  price_fen: number;
  valid_days: number;
  on_sale: Generated<number>;
  sort: number;
}

export interface CardsTable {
  id: Generated<number>;
  batch_id: number;
  card_no: string;
  secret_hash: string;
  /** 'unbound' | 'bound' | 'void' (a gift order's unbound cards, voided by its whole refund) */
  status: string;
  user_id: number | null;
  bound_at: string | null;
  order_id: number | null;
  created_at: string;
  /** A gift card's secret, sealed (AES-256-GCM) until its buyer has seen and downloaded it; else null. */
  secret_sealed: string | null;
}

// --- Invoices (migration 2026_11_27_0022_invoices). ---

/** The title an invoice is made out to: a member's saved title, copied onto each invoice it asks for. */
export interface InvoiceTitleColumns {
  /** TitleType of @uc/shared. */
  title_type: string;
  title: string;
  tax_no: string;
  email: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
}

export interface InvoiceTitlesTable extends InvoiceTitleColumns {
  id: Generated<number>;
  user_id: number;
  created_at: string;
  updated_at: string;
}

export interface InvoicesTable extends InvoiceTitleColumns {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  /** InvoiceType of @uc/shared. */
  invoice_type: string;
  amount_fen: number;
  /** InvoiceStatus of @uc/shared. */
  status: string;
  number: string | null;
  reason: string | null;
  pdf: Buffer | null;
  /** The red-letter invoice's number of a 红冲 (migration 0032), when the operator gave one. */
  red_number: string | null;
  created_at: string;
  issued_at: string | null;
  /** When it was rejected or reversed. */
  closed_at: string | null;
  notified_at: string | null;
}

/** A red-letter (红字) invoice for the part of an issued invoice a refund returned (migration 0037). */
export interface InvoiceRedLettersTable {
  id: Generated<number>;
  invoice_id: number;
  /** The refund it follows; null: a 红冲 made by hand. */
  refund_id: number | null;
  amount_fen: number;
  reason: string;
  /** Its number once issued in the tax system. */
  number: string | null;
  created_at: string;
}

// --- The open API (migration 2026_11_27_0023_api_keys). ---

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON array of addresses; [] for any. */
  ip_allow: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Suspended by staff in the console (migration 0030): refused until staff resume it; null: not. */
  suspended_at: Generated<string | null>;
}

export interface ApiCallsTable {
  id: Generated<number>;
  user_id: number;
  key_id: number;
  product: string;
  status: number;
  charged: number;
  day: string;
  created_at: string;
}

export interface ApiIdempotencyTable {
  key_id: number;
  idem_key: string;
  status: number;
  body: string;
  created_at: string;
  /** SHA-256 of the request the answer is for (method, product, normalised parameters); null: kept before it was. */
  fingerprint: string | null;
}

export interface Database {
  api_keys: ApiKeysTable;
  api_calls: ApiCallsTable;
  api_idempotency: ApiIdempotencyTable;
  invoice_titles: InvoiceTitlesTable;
  invoices: InvoicesTable;
  invoice_red_letters: InvoiceRedLettersTable;
  card_batches: CardBatchesTable;
  cards: CardsTable;
  gift_card_products: GiftCardProductsTable;
  coupon_templates: CouponTemplatesTable;
  user_coupons: UserCouponsTable;
  plans: PlansTable;
  plan_tiers: PlanTiersTable;
  orders: OrdersTable;
  payment_attempts: PaymentAttemptsTable;
  wechat_payers: WechatPayersTable;
  payment_events: PaymentEventsTable;
  membership_changes: MembershipChangesTable;
  api_quotas: ApiQuotasTable;
  refunds: RefundsTable;
}

export type PlanRow = Selectable<PlansTable>;
export type OrderRow = Selectable<OrdersTable>;
export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;
export type MembershipChangeRow = Selectable<MembershipChangesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type CouponTemplateRow = Selectable<CouponTemplatesTable>;
export type UserCouponRow = Selectable<UserCouponsTable>;
export type InvoiceTitleRow = Selectable<InvoiceTitlesTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceRedLetterRow = Selectable<InvoiceRedLettersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;

// --- Account and team (migration 2026_11_23_0005_account). ---

export interface LoginEventsTable {
  id: Generated<number>;
  user_id: number;
  /** 'password' | 'sms' | 'bind' */
  method: string;
  success: number;
  ip: string;
  user_agent: string;
  created_at: string;
}

export interface SecurityEventsTable {
  id: Generated<number>;
  actor_id: number;
  /** The sub-account changed; null for the actor's own account. */
  target_id: number | null;
  action: string;
  ip: string;
  created_at: string;
}

export interface EmailTokensTable {
  /** SHA-256 hex of the link's token. */
  token_hash: string;
  user_id: number;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PlanSubLimitsTable {
  gid: number;
  sub_limit: number;
}

export interface LevelSubLimitsTable {
  level: number;
  sub_limit: number;
}

export interface Database {
  login_events: LoginEventsTable;
  security_events: SecurityEventsTable;
  email_tokens: EmailTokensTable;
  plan_sub_limits: PlanSubLimitsTable;
  level_sub_limits: LevelSubLimitsTable;
}

// --- Subscriptions and push settings (migration 2026_11_24_0007_subscriptions). ---

export interface PushSettingsTable {
  /** The member (main account). */
  user_id: number;
  /** JSON arrays of strings. */
  regions: string;
  departments: string;
  industries: string;
  types: string;
  keywords: string;
  channels: string;
  /** HH:mm or ''. */
  quiet_start: string;
  quiet_end: string;
  /** 提醒天数 (migration 2026_11_27_0026_favourites): 0-30, 0 = no 申报提醒. */
  remind_days: Generated<number>;
  updated_at: string;
}

export interface PolicyPublicationsTable {
  item_id: number;
  /** The item's publish time: pushed once it has passed. */
  due_at: string;
  /** Set by the instance that claimed it. */
  dispatched_at: string | null;
  /** Members it matched. */
  matched: Generated<number>;
}

export interface PushDigestsTable {
  user_id: number;
  /** YYYY-MM-DD, Asia/Shanghai. */
  day: string;
  /** The item that triggered it. */
  item_id: number;
  sent_at: string;
  /** One digest per member, day and channel. */
  channel: Generated<PushDigestChannel>;
}

export type PushDigestChannel = 'email' | 'sms';

// Policy tools (2026_11_24_0008_policy_tools)

export interface CustomerAssessmentsTable {
  customer_id: number;
  user_id: number;
  /** The questionnaire's answers (JSON of CompanyFacts fields). */
  answers: string;
  updated_at: string;
}

/** The answers of a company the member typed in (not one of its customers), per member and company name. */
export interface CompanyAssessmentsTable {
  user_id: number;
  company_name: string;
  /** The questionnaire's answers (JSON of CompanyFacts fields). */
  answers: string;
  updated_at: string;
}

/**
 * Per member: the version of its customers, their saved answers and the notices naming them, bumped in the transaction
 * of every write to them (2026_11_25_0014_customer_versions); no row means 0.
 */
export interface CustomerVersionsTable {
  user_id: number;
  version: number;
}

export interface PolicyConditionsTable {
  /** A policy item whose title holds it carries these conditions. */
  title_keyword: string;
  name: string;
  /** JSON of PolicyConditions. */
  conditions: string;
}

export interface Database {
  push_settings: PushSettingsTable;
  policy_publications: PolicyPublicationsTable;
  push_digests: PushDigestsTable;
  customer_assessments: CustomerAssessmentsTable;
  company_assessments: CompanyAssessmentsTable;
  policy_conditions: PolicyConditionsTable;
  customer_versions: CustomerVersionsTable;
}

// --- Tools and usage credits (migration 2026_11_26_0015_tool_credits). ---

export interface ToolsTable {
  code: string;
  name: string;
  /** 'external' | 'policy' */
  kind: string;
  host_index: number | null;
  path: string | null;
  included_level: number;
  description: string;
  sort: number;
}

export interface ToolCreditPacksTable {
  id: Generated<number>;
  tool_code: string;
  uses: number;
  price_fen: number;
  valid_days: number;
  on_sale: Generated<number>;
  sort: number;
}

export interface ToolCreditGrantsTable {
  id: Generated<number>;
  user_id: number;
  tool_code: string;
  /** 'order' | 'card' | 'operator' */
  source_type: string;
  source_id: string;
  total: number;
  remaining: number;
  expires_at: string;
  created_at: string;
}

export interface ToolCreditUsesTable {
  id: Generated<number>;
  user_id: number;
  tool_code: string;
  request_id: string;
  grant_id: number;
  created_at: string;
}

export interface Database {
  tools: ToolsTable;
  tool_credit_packs: ToolCreditPacksTable;
  tool_credit_grants: ToolCreditGrantsTable;
  tool_credit_uses: ToolCreditUsesTable;
}

export type ToolRow = Selectable<ToolsTable>;
export type ToolCreditPackRow = Selectable<ToolCreditPacksTable>;
export type ToolCreditGrantRow = Selectable<ToolCreditGrantsTable>;

// --- The customer book (migration 2026_11_27_0024_customer_book) ---

/** The company registry (企业库): the platform's business data customers refer to. */
export interface CompaniesTable extends CompanyColumns {
  id: Generated<number>;
  /** Unified social credit code, 18 characters (unique). */
  credit_code: string;
  created_at: string;
}

/** SQLite only: the registry's name index (FTS5, contentless), rowid = the company's id, grams = its name's tokens. */
export interface CompaniesGramsTable {
  rowid: number;
  grams: string;
}

/** PostgreSQL only: each character pair of each name (the registry's name index), kept by a trigger on companies. */
export interface CompanyGramsTable {
  gram: string;
  company_id: number;
}

export interface CustomerTagsTable {
  customer_id: number;
  /** The member owning the customer. */
  user_id: number;
  tag: string;
  created_at: string;
}

export interface CustomerNotesTable {
  id: Generated<number>;
  user_id: number;
  customer_id: number;
  author_id: number;
  author: string;
  content: string;
  /** YYYY-MM-DD */
  noted_on: string;
  created_at: string;
}

export interface CustomerImportsTable {
  id: Generated<number>;
  /** The member whose customers it adds. */
  user_id: number;
  /** The account that uploaded it. */
  created_by: number;
  file_name: string;
  status: string;
  total: number;
  customer_limit: number;
  processed: number;
  added: number;
  duplicate: number;
  not_found: number;
  failed: number;
  error: string;
  /** JSON array of the rows' texts. */
  input: string;
  /** JSON array of [outcome, company id | null], one per processed row. */
  results: string;
  lease_until: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface Database {
  companies: CompaniesTable;
  companies_grams: CompaniesGramsTable;
  company_grams: CompanyGramsTable;
  customer_tags: CustomerTagsTable;
  customer_notes: CustomerNotesTable;
  customer_imports: CustomerImportsTable;
}

// --- Policy items opened: favourites and deadline reminders (migration 2026_11_27_0026_favourites). ---

export interface PolicyFavouritesTable {
  /** The member (main account): sub-accounts share it. */
  user_id: number;
  item_id: number;
  created_at: string;
}

export interface PolicyRemindersTable {
  /** The member (main account) reminded. */
  user_id: number;
  item_id: number;
  /** The deadline reminded of: a moved deadline is reminded again. */
  deadline: string;
  sent_at: string;
}

export interface Database {
  policy_favourites: PolicyFavouritesTable;
  policy_reminders: PolicyRemindersTable;
}

// --- 消息中心, the inbox (migration 2026_11_27_0025_messages). ---

export interface MessagesTable {
  id: Generated<number>;
  /** The recipient account. */
  user_id: number;
  /** InboxKind of @uc/shared. */
  kind: string;
  title: string;
  body: string;
  /** An in-app path, or ''. */
  link: string;
  read_at: string | null;
  created_at: string;
}

export interface Database {
  messages: MessagesTable;
}

export type MessageRow = Selectable<MessagesTable>;

/** A staff member of the operator console (migration 2026_11_27_0027_staff). */
export interface StaffTable {
  id: Generated<number>;
  username: string;
  /** Argon2id of the password. */
  password_hash: string;
  /** 'admin' | 'ops' | 'finance' | 'service' */
  role: string;
  /** Base32 TOTP secret. */
  totp_secret: string;
  /** The last accepted 30-second TOTP step: codes of this step or earlier are refused. */
  totp_last_step: Generated<number>;
  disabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A staff sign-in; only the SHA-256 hex of the cookie's token is kept. */
export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
}

/** One audit row, append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** 0 for the command line. */
  staff_id: number;
  staff_username: string;
  ip: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON text, or null. */
  before: string | null;
  after: string | null;
  reason: string;
}

export interface Database {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
}

export type StaffRow = Selectable<StaffTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

// --- The plan-period ledger (migration 2026_11_29_0036_plan_grants). ---

/** A stretch of days a member's plan was given, and what it was worth in money (docs/decisions.md "commerce"). */
export interface PlanPeriodsTable {
  id: Generated<number>;
  user_id: number;
  gid: number;
  /** 'start' (a plan run begins) | 'extend' (more days of the running plan) | 'cut' (shortened to ends_at). */
  kind: string;
  starts_at: string;
  ends_at: string;
  /** Money (fen) the days were worth: an order's money plus the credit it carried; 0 for a grant. */
  value_fen: number;
  /** 'order' | 'card' | 'staff' | 'seed' | 'migration' */
  source: string;
  order_id: number | null;
  created_at: string;
}

export interface Database {
  plan_periods: PlanPeriodsTable;
}

// --- Account notices told by 消息中心, SMS and mail (migration 2026_11_29_0039_member_notices). ---

/** One notice to a member on one channel, unique per (user_id, event, channel): sent once (docs/decisions.md). */
export interface MemberNoticesTable {
  id: Generated<number>;
  user_id: number;
  /** 'renewal:<window>:<expiry date>' | 'refund:<refund_no>' */
  event: string;
  kind: MemberNoticeKind;
  channel: MemberNoticeChannel;
  /** A renewal reminder's window in days (30, 7, 1, 0); null for a refund. */
  window_days: number | null;
  /** A renewal reminder's expiry date (YYYY-MM-DD, Shanghai); not sent once the expiry moved. */
  expires_on: string | null;
  /** The mobile or email it goes to; '' for 站内 (消息中心). */
  recipient: string;
  title: string;
  body: string;
  link: string;
  state: MemberNoticeState;
  /** Not sent before this time (ISO): the end of the member's quiet hours. */
  due_at: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

export type MemberNoticeKind = 'renewal' | 'refund' | 'ticket';
export type MemberNoticeChannel = 'site' | 'sms' | 'email';
export type MemberNoticeState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
export type MemberNoticeRow = Selectable<MemberNoticesTable>;

export interface Database {
  member_notices: MemberNoticesTable;
}

// --- Changes of plan at the end of the period (migration 2026_11_29_0040_plan_changes). ---

/** A lower plan paid now that takes over when the running one ends (docs/decisions.md "Legacy levels and changes of plan"). */
export interface ScheduledPlanChangesTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  gid: number;
  level: number;
  count: number;
  /** 'scheduled' | 'applied' | 'cancelled' (one 'scheduled' per member). */
  status: string;
  created_at: string;
  starts_at: string | null;
  ends_at: string | null;
  settled_at: string | null;
}
export type ScheduledPlanChangeRow = Selectable<ScheduledPlanChangesTable>;

export interface Database {
  scheduled_plan_changes: ScheduledPlanChangesTable;
}

// --- 帮助中心 and 工单 (migration 2026_11_29_0044_help_tickets). ---

/** A help article: sanitized HTML and its plain text (the search reads `plain`). */
export interface HelpArticlesTable {
  id: Generated<number>;
  /** A HELP_TOPICS key. */
  topic: string;
  title: string;
  content: string;
  plain: string;
  published: Generated<number>;
  sort: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type HelpArticleRow = Selectable<HelpArticlesTable>;

/** A member's ticket: opened by `user_id`, the business of its team's main account `owner_id`. */
export interface TicketsTable {
  id: Generated<number>;
  no: string;
  user_id: number;
  owner_id: number;
  /** A TICKET_CATEGORIES key. */
  category: string;
  title: string;
  /** 'open' | 'answered' | 'closed' */
  status: string;
  page: string | null;
  order_no: string | null;
  rating: number | null;
  rating_comment: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /** The latest member message while it waits for staff; null when answered or closed. */
  waiting_since: string | null;
  /** The latest staff answer, and when the opener last read the ticket. */
  answered_at: string | null;
  read_at: string | null;
}
export type TicketRow = Selectable<TicketsTable>;

export interface TicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  /** 'member' | 'staff' */
  sender: string;
  user_id: number | null;
  staff_id: number | null;
  content: string;
  created_at: string;
}
export type TicketMessageRow = Selectable<TicketMessagesTable>;

/** An attachment, uploaded before the ticket or message that carries it (both null until then). */
export interface TicketFilesTable {
  id: Generated<number>;
  /** The member team's main account (null for a staff upload). */
  user_id: number | null;
  ticket_id: number | null;
  message_id: number | null;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  /** The member account that uploaded it (null for staff). */
  uploaded_by: number | null;
  staff_id: number | null;
  created_at: string;
}
export type TicketFileRow = Selectable<TicketFilesTable>;

/** What happened to a ticket, by whom (members' and staff's actions). */
export interface TicketEventsTable {
  id: Generated<number>;
  ticket_id: number;
  at: string;
  action: string;
  user_id: number | null;
  staff_id: number | null;
  actor: string;
  detail: string;
}

export interface Database {
  help_articles: HelpArticlesTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  ticket_files: TicketFilesTable;
  ticket_events: TicketEventsTable;
}

// --- The notice search index (migration 2026_11_29_0043_notice_search; written by db/notice-search-repo.ts). ---

/** One findable policy item or news article (migrations/notice-grams.ts `NoticeDoc`): its text and filters. */
export type NoticeSearchTable = NoticeDoc;

/** PostgreSQL only: the distinct character pairs of the title and body, and of the title; the filters' tags (GIN). */
export interface NoticeSearchGramColumns {
  grams: string[];
  title_grams: string[];
  /** `t<type>`, `c<city code, or 0>`, `e<deadline year>`, `e<deadline year and month>` (migration 0047). */
  tags: string[];
  /** The body with its Latin letters lower-cased, or null when that changes nothing (migration 0047). */
  body_folded: string | null;
}

/** SQLite only: FTS5, contentless, rowid = notice_search.key; the texts' character-pair tokens and the tags. */
export interface NoticeSearchGramsTable {
  rowid: number;
  title: string;
  body: string;
  /** `t<type> c<city code, or 0>` */
  tags: string;
}

/** SQLite only: FTS5 like notice_search_grams, of the titles alone (the title matches). */
export interface NoticeSearchTitlesTable {
  rowid: number;
  title: string;
  tags: string;
}

export interface Database {
  notice_search: NoticeSearchTable & Partial<NoticeSearchGramColumns>;
  notice_search_grams: NoticeSearchGramsTable;
  notice_search_titles: NoticeSearchTitlesTable;
}
