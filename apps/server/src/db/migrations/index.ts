// Every migration in order, as a static map so the compiled server finds them without scanning the file system.
import type { Migration } from 'kysely';
import * as init from './2026_11_22_0001_init.js';
import * as identity from './2026_11_22_0002_identity.js';
import * as content from './2026_11_22_0003_content.js';
import * as commerce from './2026_11_23_0004_commerce.js';
import * as account from './2026_11_23_0005_account.js';
import * as customerIndexes from './2026_11_24_0006_customer_indexes.js';
import * as subscriptions from './2026_11_24_0007_subscriptions.js';
import * as policyTools from './2026_11_24_0008_policy_tools.js';
import * as policyAnswers from './2026_11_24_0009_policy_answers.js';
import * as pushDigests from './2026_11_24_0010_push_digests.js';
import * as dropCustomerNameIndex from './2026_11_24_0011_drop_customer_name_index.js';
import * as frozenAttempts from './2026_11_25_0012_frozen_attempts.js';
import * as apiPaySuccessMenu from './2026_11_25_0013_api_pay_success_menu.js';
import * as customerVersions from './2026_11_25_0014_customer_versions.js';
import * as toolCredits from './2026_11_26_0015_tool_credits.js';
import * as myToolsMenu from './2026_11_26_0016_my_tools_menu.js';
import * as creditOrders from './2026_11_26_0017_credit_orders.js';
import * as toolsBuyMenu from './2026_11_26_0018_tools_buy_menu.js';
import * as cards from './2026_11_26_0019_cards.js';
import * as giftCards from './2026_11_26_0020_gift_cards.js';
import * as coupons from './2026_11_27_0021_coupons.js';
import * as invoices from './2026_11_27_0022_invoices.js';
import * as apiKeys from './2026_11_27_0023_api_keys.js';
import * as customerBook from './2026_11_27_0024_customer_book.js';
import * as messages from './2026_11_27_0025_messages.js';
import * as favourites from './2026_11_27_0026_favourites.js';
import * as staff from './2026_11_27_0027_staff.js';
import * as refunds from './2026_11_27_0028_refunds.js';
import * as staffHolds from './2026_11_27_0030_staff_holds.js';
import * as contentWithdraw from './2026_11_27_0031_content_withdraw.js';
import * as consoleCards from './2026_11_27_0032_console_cards.js';
import * as newsWithdraw from './2026_11_27_0033_news_withdraw.js';
import * as idempotencyFingerprint from './2026_11_29_0035_idempotency_fingerprint.js';
import * as planGrants from './2026_11_29_0036_plan_grants.js';
import * as offlineRefunds from './2026_11_29_0037_offline_refunds.js';
import * as wechatPayer from './2026_11_29_0038_wechat_payer.js';
import * as memberNotices from './2026_11_29_0039_member_notices.js';
import * as planChanges from './2026_11_29_0040_plan_changes.js';
import * as orderCloseReason from './2026_11_29_0041_order_close_reason.js';
import * as noticeContent from './2026_11_29_0042_notice_content.js';
import * as noticeSearch from './2026_11_29_0043_notice_search.js';
import * as helpTickets from './2026_11_29_0044_help_tickets.js';
import * as noticeLinks from './2026_11_29_0045_notice_links.js';
import * as helpTicketMenus from './2026_11_29_0046_help_ticket_menus.js';
import * as noticeSearchTags from './2026_11_30_0047_notice_search_tags.js';

export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_init': init,
  '2026_11_22_0002_identity': identity,
  '2026_11_22_0003_content': content,
  '2026_11_23_0004_commerce': commerce,
  '2026_11_23_0005_account': account,
  '2026_11_24_0006_customer_indexes': customerIndexes,
  '2026_11_24_0007_subscriptions': subscriptions,
  '2026_11_24_0008_policy_tools': policyTools,
  '2026_11_24_0009_policy_answers': policyAnswers,
  '2026_11_24_0010_push_digests': pushDigests,
  '2026_11_24_0011_drop_customer_name_index': dropCustomerNameIndex,
  '2026_11_25_0012_frozen_attempts': frozenAttempts,
  '2026_11_25_0013_api_pay_success_menu': apiPaySuccessMenu,
  '2026_11_25_0014_customer_versions': customerVersions,
  '2026_11_26_0015_tool_credits': toolCredits,
  '2026_11_26_0016_my_tools_menu': myToolsMenu,
  '2026_11_26_0017_credit_orders': creditOrders,
  '2026_11_26_0018_tools_buy_menu': toolsBuyMenu,
  '2026_11_26_0019_cards': cards,
  '2026_11_26_0020_gift_cards': giftCards,
  '2026_11_27_0021_coupons': coupons,
  '2026_11_27_0022_invoices': invoices,
  '2026_11_27_0023_api_keys': apiKeys,
  '2026_11_27_0024_customer_book': customerBook,
  '2026_11_27_0025_messages': messages,
  '2026_11_27_0026_favourites': favourites,
  '2026_11_27_0027_staff': staff,
  '2026_11_27_0028_refunds': refunds,
  '2026_11_27_0030_staff_holds': staffHolds,
  '2026_11_27_0031_content_withdraw': contentWithdraw,
  '2026_11_27_0032_console_cards': consoleCards,
  '2026_11_27_0033_news_withdraw': newsWithdraw,
  '2026_11_29_0035_idempotency_fingerprint': idempotencyFingerprint,
  '2026_11_29_0036_plan_grants': planGrants,
  '2026_11_29_0037_offline_refunds': offlineRefunds,
  '2026_11_29_0038_wechat_payer': wechatPayer,
  '2026_11_29_0039_member_notices': memberNotices,
  '2026_11_29_0040_plan_changes': planChanges,
  '2026_11_29_0041_order_close_reason': orderCloseReason,
  '2026_11_29_0042_notice_content': noticeContent,
  '2026_11_29_0043_notice_search': noticeSearch,
  '2026_11_29_0044_help_tickets': helpTickets,
  '2026_11_29_0045_notice_links': noticeLinks,
  '2026_11_29_0046_help_ticket_menus': helpTicketMenus,
  '2026_11_30_0047_notice_search_tags': noticeSearchTags,
};
