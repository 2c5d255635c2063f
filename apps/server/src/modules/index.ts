// The product's modules: every service built once from one set of dependencies, then each routes plugin given its own.
import { isMemberLevel, MEMBER_APP_BASE } from '@uc/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { createFileStore } from '../lib/file-store.js';
import type { Store } from '../lib/kv.js';
import { clientBaseUrl, publicBaseUrl } from '../lib/public-url.js';
import type { Tokens } from '../lib/token.js';
import type { DevCommands } from '../plugins/dev.js';
import type { MailProvider } from '../providers/mail/index.js';
import type { PaymentChannels } from '../providers/payment/types.js';
import type { SmsProvider } from '../providers/sms/index.js';
import { accountRoutes } from './account/routes.js';
import { createAccountService } from './account/service.js';
import { createTeamService } from './account/team.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { captchaRoutes } from './captcha/routes.js';
import { createCaptchaService } from './captcha/service.js';
import { runCardsCli } from './cards/cli.js';
import { createCardBatches } from './cards/console.js';
import { cardsConsoleRoutes } from './cards/console-routes.js';
import { createGiftGoods } from './cards/gifts.js';
import { cardsRoutes } from './cards/routes.js';
import { cardKeys } from './cards/secrets.js';
import { createCardsService } from './cards/service.js';
import { createOverview } from './commerce/console.js';
import { ordersConsoleRoutes, overviewConsoleRoutes } from './commerce/console-routes.js';
import { createRenewalReminders } from './commerce/renewal-reminders.js';
import { commerceRoutes } from './commerce/routes.js';
import { createCommerceService } from './commerce/service.js';
import { createCompaniesService } from './companies/service.js';
import { itemFromArgs } from './content/cli.js';
import { contentConsoleRoutes } from './content/console-routes.js';
import { noticeFileRoutes } from './content/file-routes.js';
import { createContentService } from './content/service.js';
import { createCouponTemplates } from './coupons/console.js';
import { couponsConsoleRoutes } from './coupons/console-routes.js';
import { couponsRoutes } from './coupons/routes.js';
import { createCouponsService, issueCoupon, issueOnRegister } from './coupons/service.js';
import { customerBookRoutes } from './customers/book-routes.js';
import { createCustomerBook } from './customers/customer-book.js';
import { customersRoutes } from './customers/routes.js';
import { createCustomersService } from './customers/service.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { createDashboardService } from './dashboard/service.js';
import { fundingRoutes } from './funding/routes.js';
import { createFundingService } from './funding/service.js';
import { createHelpDesk } from './help/console.js';
import { helpConsoleRoutes } from './help/console-routes.js';
import { helpRoutes } from './help/routes.js';
import { createHelpService } from './help/service.js';
import { runInvoicesCli } from './invoices/cli.js';
import { createInvoiceDesk } from './invoices/console.js';
import { invoicesConsoleRoutes } from './invoices/console-routes.js';
import { invoicesRoutes } from './invoices/routes.js';
import { createInvoicesService } from './invoices/service.js';
import { createMembersConsole } from './member/console.js';
import { membersConsoleRoutes } from './member/console-routes.js';
import { memberRoutes } from './member/routes.js';
import { createMemberService } from './member/service.js';
import { menusRoutes } from './menus/routes.js';
import { createMenusService } from './menus/service.js';
import { messagesRoutes } from './messages/routes.js';
import { createMessagesService } from './messages/service.js';
import { newsRoutes } from './news/routes.js';
import { createNewsService } from './news/service.js';
import { noticesConsoleRoutes } from './notices/console-routes.js';
import { createNotices } from './notices/service.js';
import { createApiKeysConsole } from './open-api/console.js';
import { apiConsoleRoutes } from './open-api/console-routes.js';
import { openApiRoutes } from './open-api/routes.js';
import { createOpenApiService } from './open-api/service.js';
import { pagesRoutes } from './pages/routes.js';
import { createPolicyService } from './policy/service.js';
import { createReminders, type ReminderInbox } from './policy-items/reminders.js';
import { policyItemsRoutes } from './policy-items/routes.js';
import { createPolicyItemsService } from './policy-items/service.js';
import { policyToolsRoutes } from './policy-tools/routes.js';
import { createPolicyToolsService } from './policy-tools/service.js';
import { createPushHub } from './push/hub.js';
import { pushPlugin } from './push/routes.js';
import { registerRoutes } from './register/routes.js';
import { createRegisterService } from './register/service.js';
import { searchRoutes } from './search/routes.js';
import { createSearchService } from './search/service.js';
import { createSmsCodes } from './sms/codes.js';
import { smsRoutes } from './sms/routes.js';
import { createSmsService } from './sms/service.js';
import { staffRoutes } from './staff/routes.js';
import { createStaffService } from './staff/service.js';
import { totpKeyring } from './staff/totp.js';
import { createPolicyDelivery } from './subscriptions/delivery.js';
import { subscriptionsRoutes } from './subscriptions/routes.js';
import { createSubscriptionsService } from './subscriptions/service.js';
import { createTicketDesk } from './tickets/console.js';
import { ticketsConsoleRoutes } from './tickets/console-routes.js';
import { createTicketFiles } from './tickets/files.js';
import { ticketsRoutes } from './tickets/routes.js';
import { createTicketsService } from './tickets/service.js';
import { createLauncher, launchKey } from './tools/launch.js';
import { toolsRoutes } from './tools/routes.js';
import { createToolsService } from './tools/service.js';
import { createRecoveryService } from './users/recovery.js';
import { usersRoutes } from './users/routes.js';
import { createUsersService } from './users/service.js';

/** What the modules need from the outside world; app.ts builds it (tests replace the clock, the store and sleep). */
interface ModuleDeps {
  config: Config;
  db: Db;
  store: Pick<Store, 'kv' | 'pubsub'>;
  /** The app clock: sessions, memberships, codes, locks and every "last N days" figure follow it. */
  now: () => Date;
  /** How the login slow-down waits (tests record the delays instead). */
  sleep: (ms: number) => Promise<void>;
  tokens: Tokens;
  /** The server secret; SMS codes are stored as HMACs under it. */
  secret: string;
  sms: SmsProvider;
  /** Mail delivery (the email confirmation link). */
  mail: MailProvider;
  /** The payment channels (WeChat, Alipay, each a real gateway or the sandbox). */
  payments: PaymentChannels;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export function createServices({
  config,
  db,
  store,
  now,
  sleep,
  tokens,
  secret,
  sms,
  mail,
  payments,
  log,
}: ModuleDeps) {
  const { kv, pubsub } = store;
  const users = createUsersService({ db, now });
  const codes = createSmsCodes({ kv, provider: sms, secret, limits: config.sms, now, log });
  const captcha = createCaptchaService({
    kv,
    limits: config.captcha,
    now,
    exposeAnswers: config.nodeEnv !== 'production',
  });
  // The operator console's staff; `staff.recordAudit` is the audit writer handed to every console module.
  const staff = createStaffService({
    db,
    kv,
    limits: config.login,
    now,
    sleep,
    totpKeys: totpKeyring(config.staffTotpKey, config.staffTotpPreviousKeys, secret),
    log,
  });
  const push = createPushHub({ pubsub, now, idleMs: config.identity.pushIdleSeconds * 1000, log });
  // 消息中心: every module that tells a member something keeps it there through `deliver`.
  const messages = createMessagesService({ db, now, push, log });
  // Account notices (renewal reminders, refunds): 消息中心 always, SMS and mail per 推送设置 through one outbox.
  const notices = createNotices({ db, now, sms, mail, baseUrl: clientBaseUrl(config), log });
  const auth = createAuthService({
    db,
    kv,
    tokens,
    limits: config.login,
    now,
    sleep,
    codes,
    users,
    captcha,
    push,
    inbox: messages,
  });
  const smsService = createSmsService({ codes, captcha, users, hotline: config.site.hotline });
  const policy = createPolicyService({ db, now });
  const customers = createCustomersService({ db, policy, now });
  const companies = createCompaniesService({ db });
  const tools = createToolsService({
    db,
    now,
    toolHosts: config.site.toolHosts,
    launcher: createLauncher(launchKey(config.toolLaunchSecret, secret), now),
  });
  const invoices = createInvoicesService({ db, now, push, mail, inbox: messages, log });
  const keys = cardKeys(secret);
  const gifts = createGiftGoods(db, keys);
  const commerce = createCommerceService({
    db,
    now,
    config,
    channels: payments,
    goods: { ...tools, ...gifts, setPlan: users.setPlan },
    invoices,
    tokens,
    users,
    push,
    sessions: auth,
    inbox: messages,
    notices,
    log,
  });
  const subscriptions = createSubscriptionsService({ db, now, customers });
  // Publishing policy items (content) hands each due item to the subscriptions' matching and push (delivery).
  const delivery = createPolicyDelivery({
    db,
    push,
    mail,
    sms,
    inbox: messages,
    baseUrl: clientBaseUrl(config),
    log,
  });
  // The notices' files and 工单's attachments share one store.
  const fileStore = createFileStore(config.fileStore);
  const content = createContentService({
    db,
    now,
    delivery,
    audit: staff.recordAudit,
    log,
    files: { store: fileStore, maxMb: config.uploadMaxMb },
  });
  const policyTools = createPolicyToolsService({ db, customers, credits: tools, now });
  const search = createSearchService({ db, now });
  // The 申报提醒 is kept in 消息中心 too (kind 'reminder').
  const reminderInbox: ReminderInbox = messages;
  const ticketFiles = createTicketFiles({
    db,
    now,
    files: fileStore,
    uploadMaxMb: config.uploadMaxMb,
  });
  return {
    staff,
    notices,
    // 续费提醒: started by main.ts (a pass at start, then every RENEWAL_REMINDER_INTERVAL_MINUTES); tests run a pass.
    renewalReminders: createRenewalReminders({
      db,
      now,
      notices,
      inbox: messages,
      intervalMs: config.renewalReminderIntervalMs,
      log,
    }),
    users,
    codes,
    captcha,
    push,
    auth,
    sms: smsService,
    account: createAccountService({
      db,
      kv,
      now,
      users,
      auth,
      codes,
      sms: smsService,
      mail,
      dataDir: config.dataDir,
      accountPageUrl: `${MEMBER_APP_BASE}/account/safe`,
      log,
    }),
    team: createTeamService({ db, now, users, auth, inbox: messages }),
    register: createRegisterService({ db, codes, users, now, welcome: issueOnRegister }),
    recovery: createRecoveryService({ users, codes, auth, hotline: config.site.hotline }),
    menus: createMenusService({ db, creditPaths: tools.creditPaths }),
    member: createMemberService({ now }),
    // The console's 会员 section: its changes audited by the staff module's writer inside their transactions.
    membersConsole: createMembersConsole({
      db,
      now,
      users,
      auth,
      orders: commerce,
      inbox: messages,
      audit: staff.recordAudit,
    }),
    customers,
    companies,
    book: createCustomerBook({ db, now, companies, log }),
    dashboard: createDashboardService({ customers, policy, now }),
    subscriptions,
    publisher: content.publisher,
    overview: createOverview({ db, now }),
    now,
    content,
    policyItems: createPolicyItemsService({
      db,
      now,
      customers,
      subscriptions,
      programmes: policyTools,
      files: content.files,
    }),
    reminders: createReminders({
      db,
      now,
      push,
      inbox: reminderInbox,
      subscriptions,
      digest: delivery.digest,
      log,
    }),
    news: createNewsService({ db, now }),
    search,
    funding: createFundingService({ db, now }),
    policyTools,
    tools,
    commerce,
    cards: createCardsService({
      db,
      now,
      kv,
      key: keys.hmacKey,
      grantCredits: tools.grantCredits,
      redeem: commerce.redeem,
      membershipChanged: auth.membershipChanged,
      gifts,
      issueCoupon,
    }),
    coupons: createCouponsService({ db, now }),
    // The console's 卡券与优惠券 and 发票 (the command lines build the same with the CLI's audit actor).
    cardBatches: createCardBatches({ db, now, ...keys, audit: staff.recordAudit }),
    couponTemplates: createCouponTemplates({ db, now, audit: staff.recordAudit }),
    invoiceDesk: createInvoiceDesk({ db, now, audit: staff.recordAudit }),
    invoices,
    messages,
    openApi: createOpenApiService({
      db,
      now,
      kv,
      ratePerSecond: config.openApiRatePerSecond,
      surplus: commerce.surplus,
      search,
    }),
    apiKeysConsole: createApiKeysConsole({ db, now, surplus: commerce.surplus, audit: staff.recordAudit }),
    // 帮助中心 and 工单: a staff answer is told through 消息中心 and the account notices' outbox.
    help: createHelpService({ db }),
    helpDesk: createHelpDesk({ db, now, audit: staff.recordAudit }),
    tickets: createTicketsService({ db, now, files: ticketFiles }),
    ticketDesk: createTicketDesk({
      db,
      now,
      files: ticketFiles,
      audit: staff.recordAudit,
      notices,
      inbox: messages,
      log,
    }),
  };
}

type Services = ReturnType<typeof createServices>;

/** Registers every module's routes with its services and limits. */
export async function registerModules(
  app: FastifyInstance,
  services: Services,
  config: Config,
): Promise<void> {
  await app.register(authRoutes, { auth: services.auth, limits: config.login });
  await app.register(staffRoutes, { staff: services.staff, limits: config.login });
  await app.register(usersRoutes, {
    recovery: services.recovery,
    limits: config.identity,
    origin: clientBaseUrl(config),
  });
  await app.register(accountRoutes, {
    account: services.account,
    team: services.team,
    config,
    origin: clientBaseUrl(config),
  });
  await app.register(captchaRoutes, { captcha: services.captcha, limits: config.captcha });
  await app.register(smsRoutes, { sms: services.sms, limits: config.sms });
  await app.register(registerRoutes, { register: services.register, limits: config.identity });
  await app.register(pushPlugin, { hub: services.push, auth: services.auth });
  await app.register(messagesRoutes, { messages: services.messages });
  await app.register(menusRoutes, { menus: services.menus });
  await app.register(memberRoutes, { member: services.member });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(customersRoutes, { customers: services.customers });
  await app.register(customerBookRoutes, { book: services.book });
  await app.register(subscriptionsRoutes, { subscriptions: services.subscriptions });
  // Matching published policy items to push settings: polled once the database is ready, stopped on close.
  app.decorate('publisher', services.publisher);
  app.addHook('onReady', async () => services.publisher.start());
  app.addHook('onClose', () => services.publisher.stop());
  await app.register(newsRoutes, { news: services.news });
  await app.register(searchRoutes, { search: services.search });
  // 政策详情, 收藏, 申报日历; the 申报提醒 job polls like the publisher, stopped on close.
  await app.register(policyItemsRoutes, { policyItems: services.policyItems });
  app.decorate('reminders', services.reminders);
  app.addHook('onReady', async () => services.reminders.start());
  app.addHook('onClose', () => services.reminders.stop());
  await app.register(toolsRoutes, { tools: services.tools });
  await app.register(cardsRoutes, { cards: services.cards, orders: services.commerce });
  await app.register(fundingRoutes, { funding: services.funding });
  await app.register(policyToolsRoutes, { policyTools: services.policyTools, customers: services.customers });
  app.decorate('commerce', services.commerce);
  await app.register(commerceRoutes, { commerce: services.commerce, site: config.site });
  // The account notices' SMS and mail held by quiet hours: polled once the database is ready; the renewal reminders
  // stopped on close (main.ts starts them).
  app.decorate('renewalReminders', services.renewalReminders);
  app.addHook('onReady', async () => services.notices.start());
  app.addHook('onClose', async () => {
    await services.renewalReminders.stop();
    await services.notices.stop();
  });
  await app.register(couponsRoutes, { coupons: services.coupons });
  app.decorate('invoices', services.invoices);
  await app.register(invoicesRoutes, { invoices: services.invoices });
  await app.register(openApiRoutes, {
    openApi: services.openApi,
    site: config.site,
    baseUrl: publicBaseUrl(config),
  });
  await app.register(pagesRoutes, { site: config.site, news: services.news });

  // The operator console's sections (/api/admin/): each domain's staff routes, every change audited in its transaction.
  const audit = services.staff.recordAudit;
  await app.register(overviewConsoleRoutes, { overview: services.overview, now: services.now });
  await app.register(ordersConsoleRoutes, { commerce: services.commerce, audit });
  await app.register(membersConsoleRoutes, { members: services.membersConsole });
  await app.register(contentConsoleRoutes, { content: services.content });
  await app.register(noticeFileRoutes, { files: services.content.files, auth: services.auth });
  await app.register(cardsConsoleRoutes, { batches: services.cardBatches });
  await app.register(couponsConsoleRoutes, { templates: services.couponTemplates });
  await app.register(invoicesConsoleRoutes, { desk: services.invoiceDesk });
  await app.register(apiConsoleRoutes, { apiKeys: services.apiKeysConsole });
  await app.register(noticesConsoleRoutes, { notices: services.notices });
  await app.register(helpRoutes, { help: services.help });
  await app.register(helpConsoleRoutes, { desk: services.helpDesk });
  app.decorate('tickets', services.tickets);
  await app.register(ticketsRoutes, { tickets: services.tickets, uploadMaxMb: config.uploadMaxMb });
  await app.register(ticketsConsoleRoutes, { desk: services.ticketDesk, uploadMaxMb: config.uploadMaxMb });
}

/**
 * The operator commands the development routes (plugins/dev.ts) run in this server's process, against its database
 * and its secret (the card key derives from it), for the browser journeys.
 */
export function devCommands(services: Services, { db, secret }: { db: Db; secret: string }): DevCommands {
  return {
    cards: (argv, out) => runCardsCli(db, secret, argv, out),
    invoices: (argv, out) => runInvoicesCli(db, argv, out),
    async publish(fields) {
      const item = itemFromArgs(fields, new Date());
      return 'error' in item ? null : services.publisher.publish(item);
    },
    async renewalDue(username, days) {
      const found = await services.users.findLoginCandidate(username);
      const account = found?.account;
      if (!account || account.isSub || !isMemberLevel(account.membership.level)) return null;
      const at = services.now();
      const { level, gid } = account.membership;
      const expiry = new Date(at.getTime() + days * 86_400_000).toISOString();
      await services.users.setPlan(account.id, { level, gid, expired_at: expiry }, at.toISOString());
      services.auth.membershipChanged(account.groupId);
      return services.renewalReminders.run();
    },
  };
}
