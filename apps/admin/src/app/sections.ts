// The console's sections as data: the side menu, the routes and who sees them all come from this table. A section
// the signed-in role lacks the permission of is neither shown nor opened (the server refuses its calls anyway).
import type { StaffPermission } from '@uc/shared';
import type { ComponentType } from 'react';

export interface Section {
  /** The path under /admin/. */
  path: string;
  label: string;
  permission: StaffPermission;
  /** The page module: one per section, filled in by the section's own work. */
  load: () => Promise<{ default: ComponentType }>;
}

export const SECTIONS: readonly Section[] = [
  {
    path: 'overview',
    label: '概览',
    permission: 'overview.read',
    load: () => import('../pages/overview/overview-page'),
  },
  {
    path: 'orders',
    label: '订单',
    permission: 'orders.read',
    load: () => import('../pages/orders/orders-page'),
  },
  {
    path: 'members',
    label: '会员',
    permission: 'members.read',
    load: () => import('../pages/members/members-page'),
  },
  {
    path: 'notices',
    label: '会员通知',
    permission: 'members.read',
    load: () => import('../pages/notices/notices-page'),
  },
  {
    path: 'content',
    label: '内容',
    permission: 'content.read',
    load: () => import('../pages/content/content-page'),
  },
  {
    path: 'cards',
    label: '卡券与优惠券',
    permission: 'cards.read',
    load: () => import('../pages/cards/cards-page'),
  },
  {
    path: 'invoices',
    label: '发票',
    permission: 'invoices.read',
    load: () => import('../pages/invoices/invoices-page'),
  },
  {
    path: 'tickets',
    label: '工单',
    permission: 'tickets.read',
    load: () => import('../pages/tickets/tickets-page'),
  },
  {
    path: 'help',
    label: '帮助文章',
    permission: 'help.write',
    load: () => import('../pages/help/help-articles-page'),
  },
  { path: 'api', label: 'API', permission: 'api.read', load: () => import('../pages/api/api-page') },
  {
    path: 'audit',
    label: '操作日志',
    permission: 'audit.read',
    load: () => import('../pages/audit/audit-page'),
  },
];

/** The sections a set of permissions opens, in menu order. */
export function sectionsFor(permissions: readonly StaffPermission[]): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}
