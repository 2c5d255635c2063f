// Whitelist of menu `component` keys -> lazy pages. Unknown keys render the 404 page instead of crashing.
import type { ComponentType } from 'react';
import { lazyPage } from '../../lib/routing/lazy-page';

/** Every page reachable from the menu tree takes the menu title. */
export interface MenuPageProps {
  title?: string;
}

const Dashboard = lazyPage(() => import('../../features/dashboard/dashboard-page'), 'DashboardPage');
const AccountInfo = lazyPage(() => import('../../features/account/account-info-page'), 'AccountInfoPage');
const AccountSafe = lazyPage(() => import('../../features/account/account-safe-page'), 'AccountSafePage');
const AccountSub = lazyPage(() => import('../../features/account/account-sub-page'), 'AccountSubPage');
const News = lazyPage(() => import('../../features/news/news-page'), 'NewsPage');
const Publicity = lazyPage(() => import('../../features/publicity/publicity-page'), 'PublicityPage');
const Vip = lazyPage(() => import('../../features/commerce/vip-page'), 'VipPage');
const TaocanDetail = lazyPage(() => import('../../features/commerce/taocan-detail-page'), 'TaocanDetailPage');
const ApiOrder = lazyPage(() => import('../../features/commerce/api-order-page'), 'ApiOrderPage');
const PaySuccess = lazyPage(() => import('../../features/commerce/pay-success-page'), 'PaySuccessPage');
const ApiPaySuccess = lazyPage(
  () => import('../../features/commerce/api-pay-success-page'),
  'ApiPaySuccessPage',
);
const CustomerList = lazyPage(
  () => import('../../features/customers/customer-list-page'),
  'CustomerListPage',
);
const OrderList = lazyPage(() => import('../../features/commerce/order-list-page'), 'OrderListPage');
const SubList = lazyPage(() => import('../../features/subscriptions/sub-list-page'), 'SubListPage');
const SubSettings = lazyPage(
  () => import('../../features/subscriptions/sub-settings-page'),
  'SubSettingsPage',
);
const PolicyDetail = lazyPage(
  () => import('../../features/policy-items/policy-detail-page'),
  'PolicyDetailPage',
);
const PolicyCalendar = lazyPage(
  () => import('../../features/policy-items/policy-calendar-page'),
  'PolicyCalendarPage',
);
const MatchExact = lazyPage(() => import('../../features/policy-tools/match-exact-page'), 'MatchExactPage');
const MatchFast = lazyPage(() => import('../../features/policy-tools/match-fast-page'), 'MatchFastPage');
const HtsScore = lazyPage(() => import('../../features/policy-tools/hts-score-page'), 'HtsScorePage');
const SmeEvaluation = lazyPage(
  () => import('../../features/policy-tools/sme-evaluation-page'),
  'SmeEvaluationPage',
);
const CreditOrder = lazyPage(() => import('../../features/commerce/credit-order-page'), 'CreditOrderPage');
const GiftShop = lazyPage(() => import('../../features/cards/gift-shop-page'), 'GiftShopPage');
const GiftOrder = lazyPage(() => import('../../features/commerce/gift-order-page'), 'GiftOrderPage');
const MyCards = lazyPage(() => import('../../features/cards/my-cards-page'), 'MyCardsPage');
const InvoiceList = lazyPage(() => import('../../features/invoices/invoice-list-page'), 'InvoiceListPage');
const MyTools = lazyPage(() => import('../../features/tools/my-tools-page'), 'MyToolsPage');
const ApiKeys = lazyPage(() => import('../../features/api-keys/api-keys-page'), 'ApiKeysPage');
const MessageList = lazyPage(() => import('../../features/messages/message-list-page'), 'MessageListPage');
const Help = lazyPage(() => import('../../features/help/help-page'), 'HelpPage');
const HelpArticle = lazyPage(() => import('../../features/help/help-article-page'), 'HelpArticlePage');
const TicketList = lazyPage(() => import('../../features/tickets/ticket-list-page'), 'TicketListPage');
const TicketNew = lazyPage(() => import('../../features/tickets/ticket-new-page'), 'TicketNewPage');
const TicketDetail = lazyPage(() => import('../../features/tickets/ticket-detail-page'), 'TicketDetailPage');
const Missing = lazyPage(() => import('../../features/errors/not-found-page'), 'MissingPage');

/** A menu page, loadable ahead of its first render. */
export type MenuPageComponent = ComponentType<MenuPageProps> & { preload: () => Promise<unknown> };

const REGISTRY: ReadonlyMap<string, MenuPageComponent> = new Map<string, MenuPageComponent>([
  ['dashboard/index', Dashboard],
  ['account/info', AccountInfo],
  ['account/safe', AccountSafe],
  ['account/sub', AccountSub],
  ['news/index', News],
  ['publicity/index', Publicity],
  ['vip/index', Vip],
  ['taocandetail/index', TaocanDetail],
  ['apiorder/index', ApiOrder],
  ['paySuccess/index', PaySuccess],
  ['apiPaySuccess/index', ApiPaySuccess],
  ['order/list', OrderList],
  ['customer/list', CustomerList],
  ['sub/list', SubList],
  ['sub/settings', SubSettings],
  ['policy/detail', PolicyDetail],
  ['policy/calendar', PolicyCalendar],
  ['smart/match/policy/exact', MatchExact],
  ['smart/match/policy/fast', MatchFast],
  ['hts/identification/score', HtsScore],
  ['specialization_new/evaluation/accreditation', SmeEvaluation],
  ['tools/mine', MyTools],
  ['tools/buy', CreditOrder],
  ['cards/mine', MyCards],
  ['cards/shop', GiftShop],
  ['cards/buy', GiftOrder],
  ['invoice/list', InvoiceList],
  ['api/keys', ApiKeys],
  ['message/list', MessageList],
  ['help/index', Help],
  ['help/article', HelpArticle],
  ['ticket/list', TicketList],
  ['ticket/new', TicketNew],
  ['ticket/detail', TicketDetail],
]);

export function resolvePage(key: string): MenuPageComponent {
  return REGISTRY.get(key) ?? Missing;
}
