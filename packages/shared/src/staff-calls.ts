// The console's calls, each declared once from its path in the section's `*_API` table and the types of its query or
// body and of its answer (endpoint.ts); the console sends them with `call` (apps/admin/src/lib/http.ts).
import type { z } from 'zod';
import { endpoint, type MultipartBody } from './endpoint.js';
import { type HelpArticleBody, STAFF_HELP_API, type StaffHelpArticle } from './help.js';
import type { NoticeFile, SanitizeAnswer, SanitizeBody } from './notice-content.js';
import type { Page } from './paging.js';
import { STAFF_API, type StaffLoginBody, type StaffSession } from './staff.js';
import {
  STAFF_API_KEYS_API,
  type StaffApiKeyItem,
  type StaffApiKeyUsage,
  type StaffApiKeyUsageQuery,
} from './staff-api.js';
import {
  type CardBatch,
  type CouponTemplate,
  type CouponTemplateBody,
  type CreateCardBatchBody,
  type couponTemplateQuery,
  type IssueCouponsBody,
  type IssueCouponsResult,
  STAFF_CARDS_API,
} from './staff-cards.js';
import {
  type ContentItem,
  type ContentItemBody,
  type ContentItemDetail,
  type ContentWithdrawBody,
  type NewsArticleBody,
  STAFF_CONTENT_API,
  STAFF_NEWS_API,
  type StaffNewsArticle,
} from './staff-content.js';
import {
  type RedLetterNumberBody,
  type ReverseInvoiceBody,
  STAFF_INVOICES_API,
  type StaffInvoice,
} from './staff-invoices.js';
import {
  type MemberPasswordData,
  type memberLogoutSchema,
  type SetMemberPlanBody,
  STAFF_MEMBERS_API,
  type StaffMemberDetail,
  type StaffMemberItem,
  type StaffPlanOption,
  type StaffReasonBody,
} from './staff-members.js';
import {
  type ConfirmTransferBody,
  STAFF_ORDERS_API,
  type StaffDoublePaid,
  type StaffOfflineRefundBody,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffRefund,
  type StaffRefundBody,
} from './staff-orders.js';
import { type Overview, type OverviewQuery, STAFF_OVERVIEW_API } from './staff-overview.js';
import { STAFF_TICKETS_API, type StaffTicketDetail, type StaffTicketReplyBody } from './staff-tickets.js';
import type { TicketFile } from './tickets.js';

type Paged<Q> = Q & { page?: number; size?: number };

export const STAFF_CALLS = {
  session: {
    me: endpoint<StaffSession>()('GET', STAFF_API.me),
    login: endpoint<StaffSession, StaffLoginBody>()('POST', STAFF_API.login),
    logout: endpoint<null>()('POST', STAFF_API.logout),
  },
  overview: endpoint<Overview, OverviewQuery>()('GET', STAFF_OVERVIEW_API.overview),
  members: {
    plans: endpoint<StaffPlanOption[]>()('GET', STAFF_MEMBERS_API.plans),
    detail: endpoint<StaffMemberDetail>()('GET', STAFF_MEMBERS_API.detail),
    plan: endpoint<StaffMemberItem, SetMemberPlanBody>()('POST', STAFF_MEMBERS_API.plan),
    disable: endpoint<StaffMemberItem, StaffReasonBody>()('POST', STAFF_MEMBERS_API.disable),
    enable: endpoint<StaffMemberItem, StaffReasonBody>()('POST', STAFF_MEMBERS_API.enable),
    logout: endpoint<z.infer<typeof memberLogoutSchema>, StaffReasonBody>()('POST', STAFF_MEMBERS_API.logout),
    password: endpoint<MemberPasswordData, StaffReasonBody>()('POST', STAFF_MEMBERS_API.password),
  },
  orders: {
    doublePaid: endpoint<StaffDoublePaid[]>()('GET', STAFF_ORDERS_API.doublePaid),
    detail: endpoint<StaffOrderDetail>()('GET', STAFF_ORDERS_API.detail),
    confirmTransfer: endpoint<StaffOrder, ConfirmTransferBody>()('POST', STAFF_ORDERS_API.confirmTransfer),
    refund: endpoint<StaffRefund, StaffRefundBody>()('POST', STAFF_ORDERS_API.refund),
    offlineRefund: endpoint<StaffRefund, StaffOfflineRefundBody>()('POST', STAFF_ORDERS_API.offlineRefund),
  },
  invoices: {
    /** Multipart: field number, file field file (a PDF). */
    issue: endpoint<StaffInvoice, MultipartBody>()('POST', STAFF_INVOICES_API.issue),
    reject: endpoint<StaffInvoice, StaffReasonBody>()('POST', STAFF_INVOICES_API.reject),
    reverse: endpoint<StaffInvoice, ReverseInvoiceBody>()('POST', STAFF_INVOICES_API.reverse),
    redLetter: endpoint<StaffInvoice, RedLetterNumberBody>()('POST', STAFF_INVOICES_API.redLetter),
  },
  apiKeys: {
    usage: endpoint<StaffApiKeyUsage, StaffApiKeyUsageQuery>()('GET', STAFF_API_KEYS_API.usage),
    suspend: endpoint<StaffApiKeyItem, StaffReasonBody>()('POST', STAFF_API_KEYS_API.suspend),
    resume: endpoint<StaffApiKeyItem, StaffReasonBody>()('POST', STAFF_API_KEYS_API.resume),
  },
  content: {
    create: endpoint<ContentItemDetail, ContentItemBody>()('POST', STAFF_CONTENT_API.list),
    update: endpoint<ContentItemDetail, ContentItemBody>()('PUT', STAFF_CONTENT_API.item),
    withdraw: endpoint<ContentItem, ContentWithdrawBody>()('POST', STAFF_CONTENT_API.withdraw),
    /** The item with its body, attachments and 公示名单 (the form's values). */
    item: endpoint<ContentItemDetail>()('GET', STAFF_CONTENT_API.item),
    /** Multipart: file field file; an attachment (PDF, Word, Excel, image). */
    upload: endpoint<NoticeFile, MultipartBody>()('POST', STAFF_CONTENT_API.files, { body: 'multipart' }),
    /** Multipart: file field file; an image of a body. */
    uploadImage: endpoint<NoticeFile, MultipartBody>()('POST', `${STAFF_CONTENT_API.files}?kind=image`, {
      body: 'multipart',
    }),
    sanitize: endpoint<SanitizeAnswer, SanitizeBody>()('POST', STAFF_CONTENT_API.sanitize),
  },
  news: {
    create: endpoint<StaffNewsArticle, NewsArticleBody>()('POST', STAFF_NEWS_API.list),
    update: endpoint<StaffNewsArticle, NewsArticleBody>()('PUT', STAFF_NEWS_API.item),
    withdraw: endpoint<StaffNewsArticle, ContentWithdrawBody>()('POST', STAFF_NEWS_API.withdraw),
  },
  cards: {
    templates: endpoint<Page<CouponTemplate>, Paged<z.input<typeof couponTemplateQuery>>>()(
      'GET',
      STAFF_CARDS_API.templates,
    ),
    createTemplate: endpoint<CouponTemplate, CouponTemplateBody>()('POST', STAFF_CARDS_API.templates),
    updateTemplate: endpoint<CouponTemplate, CouponTemplateBody>()('PUT', STAFF_CARDS_API.template),
    issue: endpoint<IssueCouponsResult, IssueCouponsBody>()('POST', STAFF_CARDS_API.templateIssue),
    disable: endpoint<CouponTemplate, StaffReasonBody>()('POST', STAFF_CARDS_API.templateDisable),
    createBatch: endpoint<CardBatch, CreateCardBatchBody>()('POST', STAFF_CARDS_API.batches),
    voidBatch: endpoint<CardBatch, StaffReasonBody>()('POST', STAFF_CARDS_API.batchVoid),
  },
  tickets: {
    detail: endpoint<StaffTicketDetail>()('GET', STAFF_TICKETS_API.detail),
    reply: endpoint<StaffTicketDetail, StaffTicketReplyBody>()('POST', STAFF_TICKETS_API.reply),
    close: endpoint<StaffTicketDetail, StaffReasonBody>()('POST', STAFF_TICKETS_API.close),
    /** Multipart: file field file. */
    upload: endpoint<TicketFile, MultipartBody>()('POST', STAFF_TICKETS_API.files, { body: 'multipart' }),
  },
  help: {
    detail: endpoint<StaffHelpArticle>()('GET', STAFF_HELP_API.item),
    create: endpoint<StaffHelpArticle, HelpArticleBody>()('POST', STAFF_HELP_API.list),
    update: endpoint<StaffHelpArticle, HelpArticleBody>()('PUT', STAFF_HELP_API.item),
    remove: endpoint<null, StaffReasonBody>()('POST', STAFF_HELP_API.delete),
  },
} as const;
