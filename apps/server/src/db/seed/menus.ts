// The menu tree of docs/requirements.md §2 in eladmin style: child paths join their parent's unless absolute; siblings keep this order.
import { LEVEL } from '@uc/shared';

export interface MenuSeed {
  path: string;
  name: string;
  component: string;
  title: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  minLevel?: number;
  /** Hidden from sub-accounts: the package pages and the management of sub-accounts (main accounts only). */
  packageOnly?: boolean;
  children?: MenuSeed[];
}

/** A Layout container holding one page that shows as a top-level entry. */
const single = (rootName: string, page: MenuSeed & { icon: string }, redirect?: string): MenuSeed => ({
  path: '/',
  name: rootName,
  component: 'Layout',
  title: page.title,
  icon: page.icon,
  redirect,
  children: [page],
});

export const MENU_TREE: MenuSeed[] = [
  single(
    'Home',
    {
      path: 'dashboard',
      name: 'Dashboard',
      component: 'dashboard/index',
      title: '会员中心',
      icon: 'dashboard',
    },
    '/dashboard',
  ),
  single('NewsRoot', {
    path: 'news',
    name: 'News',
    component: 'news/index',
    title: '最新发布',
    icon: 'notification',
  }),
  single('PublicityRoot', {
    path: 'publicity',
    name: 'Publicity',
    component: 'publicity/index',
    title: '我的公示',
    icon: 'audit',
  }),
  {
    path: '/customer',
    name: 'Customer',
    component: 'Layout',
    title: '我的客户',
    icon: 'team',
    children: [
      { path: 'list', name: 'CustomerList', component: 'customer/list', title: '我的客户', icon: 'team' },
    ],
  },
  {
    path: '/sub',
    name: 'Sub',
    component: 'Layout',
    title: '订阅管理',
    icon: 'bell',
    alwaysShow: true,
    children: [
      { path: 'list', name: 'SubList', component: 'sub/list', title: '我的订阅' },
      {
        path: 'settings',
        name: 'SubSettings',
        component: 'sub/settings',
        title: '推送设置',
        minLevel: LEVEL.trialMax + 1,
      },
      { path: '/policy/calendar', name: 'PolicyCalendar', component: 'policy/calendar', title: '申报日历' },
      {
        path: '/policy/detail',
        name: 'PolicyDetail',
        component: 'policy/detail',
        title: '政策详情',
        hidden: true,
      },
    ],
  },
  {
    path: '/smart',
    name: 'Smart',
    component: 'Layout',
    title: '智能匹配',
    icon: 'aim',
    alwaysShow: true,
    children: [
      {
        path: 'match/policy/exact',
        name: 'MatchExact',
        component: 'smart/match/policy/exact',
        title: '精准匹配',
        minLevel: LEVEL.vipLocal,
      },
      {
        path: 'match/policy/fast',
        name: 'MatchFast',
        component: 'smart/match/policy/fast',
        title: '快速匹配',
      },
    ],
  },
  {
    path: '/hts',
    name: 'Hts',
    component: 'Layout',
    title: '高企评分',
    icon: 'trophy',
    children: [
      {
        path: 'identification/score',
        name: 'HtsScore',
        component: 'hts/identification/score',
        title: '高企评分',
        icon: 'trophy',
        minLevel: LEVEL.vipLocal,
      },
    ],
  },
  {
    path: '/specialization_new',
    name: 'SpecializationNew',
    component: 'Layout',
    title: '专精特新评测',
    icon: 'rise',
    children: [
      {
        path: 'evaluation/accreditation',
        name: 'Specialization',
        component: 'specialization_new/evaluation/accreditation',
        title: '专精特新评测',
        icon: 'rise',
        minLevel: LEVEL.vipLocal,
      },
    ],
  },
  {
    path: '/vip',
    name: 'Vip',
    component: 'Layout',
    title: '会员服务',
    icon: 'crown',
    alwaysShow: true,
    // Sub-accounts see 我的工具 (their main account's tools); the purchase pages are hidden from them one by one.
    children: [
      { path: 'index', name: 'VipIndex', component: 'vip/index', title: '会员套餐', packageOnly: true },
      {
        path: '/taocandetail',
        name: 'TaocanDetail',
        component: 'taocandetail/index',
        title: '套餐详情',
        hidden: true,
        packageOnly: true,
      },
      {
        path: '/apiorder',
        name: 'ApiOrder',
        component: 'apiorder/index',
        title: 'API套餐',
        packageOnly: true,
        // A hidden child of a page highlights that page: the API payment result belongs to API套餐. (Directly
        // under 会员服务 it would highlight the first entry, 会员套餐, as 支付结果 and 套餐详情 rightly do.)
        children: [
          {
            path: '/apiPaySuccess',
            name: 'ApiPaySuccess',
            component: 'apiPaySuccess/index',
            title: 'API支付结果',
            hidden: true,
          },
        ],
      },
      // 'paySucess' is the route name docs/requirements.md §2 gives, spelling included.
      {
        path: '/paySuccess',
        name: 'paySucess',
        component: 'paySuccess/index',
        title: '支付结果',
        hidden: true,
        packageOnly: true,
      },
      {
        path: '/order/list',
        name: 'OrderList',
        component: 'order/list',
        title: '我的订单',
        packageOnly: true,
      },
      {
        path: '/tools/mine',
        name: 'ToolsMine',
        component: 'tools/mine',
        title: '我的工具',
        children: [
          {
            path: '/tools/buy',
            name: 'ToolsBuy',
            component: 'tools/buy',
            title: '购买次数',
            hidden: true,
            packageOnly: true,
          },
        ],
      },
      {
        path: '/cards/mine',
        name: 'CardsMine',
        component: 'cards/mine',
        title: '我的卡券',
        packageOnly: true,
      },
      {
        path: '/cards/shop',
        name: 'CardsShop',
        component: 'cards/shop',
        title: '购买卡',
        packageOnly: true,
        children: [
          {
            path: '/cards/buy',
            name: 'CardsBuy',
            component: 'cards/buy',
            title: '购买礼品卡',
            hidden: true,
            packageOnly: true,
          },
        ],
      },
      {
        path: '/invoice/list',
        name: 'InvoiceList',
        component: 'invoice/list',
        title: '发票管理',
        packageOnly: true,
      },
      {
        path: '/api/keys',
        name: 'ApiKeys',
        component: 'api/keys',
        title: '我的API',
        packageOnly: true,
      },
    ],
  },
  {
    path: '/account',
    name: 'Account',
    component: 'Layout',
    title: '账户设置',
    icon: 'setting',
    alwaysShow: true,
    children: [
      { path: 'info', name: 'AccountInfo', component: 'account/info', title: '账户信息' },
      { path: 'safe', name: 'AccountSafe', component: 'account/safe', title: '账户安全' },
      {
        path: 'sub',
        name: 'AccountSub',
        component: 'account/sub',
        title: '子账号管理',
        packageOnly: true,
      },
      { path: '/message/list', name: 'MessageList', component: 'message/list', title: '消息中心' },
    ],
  },
  {
    path: '/helpdesk',
    name: 'HelpDesk',
    component: 'Layout',
    title: '帮助与工单',
    icon: 'customer-service',
    alwaysShow: true,
    children: [
      {
        path: '/help',
        name: 'Help',
        component: 'help/index',
        title: '帮助中心',
        children: [
          {
            path: '/help/article',
            name: 'HelpArticle',
            component: 'help/article',
            title: '帮助文章',
            hidden: true,
          },
        ],
      },
      {
        path: '/ticket/list',
        name: 'TicketList',
        component: 'ticket/list',
        title: '我的工单',
        children: [
          {
            path: '/ticket/new',
            name: 'TicketNew',
            component: 'ticket/new',
            title: '提交工单',
            hidden: true,
          },
          {
            path: '/ticket/detail',
            name: 'TicketDetail',
            component: 'ticket/detail',
            title: '工单详情',
            hidden: true,
          },
        ],
      },
    ],
  },
  single('MainSiteRoot', {
    path: 'https://www.chacewang.com/',
    name: 'MainSite',
    component: '',
    title: '查策网首页',
    icon: 'global',
  }),
  single('ChanyeRoot', {
    path: 'https://www.chacewang.com/chanye/',
    name: 'Chanye',
    component: '',
    title: '产业政策',
    icon: 'link',
  }),
];
