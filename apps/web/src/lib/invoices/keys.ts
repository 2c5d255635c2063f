// Query keys of the invoice calls (发票): everything belongs to the signed-in account. 我的订单 applies for an
// invoice, 发票管理 lists them and keeps the saved titles, and an issued invoice's push refreshes them.
import { queryRoots } from '../query-roots';

export const invoiceKeys = {
  all: queryRoots.invoices,
  forUser: (userId: number) => [...invoiceKeys.all, userId] as const,
  titles: (userId: number) => [...invoiceKeys.forUser(userId), 'titles'] as const,
  list: (userId: number) => [...invoiceKeys.forUser(userId), 'list'] as const,
};
