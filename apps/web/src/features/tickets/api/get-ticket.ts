// GET /api/ccw/tickets/{id}/: one ticket and its conversation; reading it marks the staff answers read (the list's
// unread dot and the bell follow).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, TICKET_API, type TicketDetail } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { ticketKeys } from './keys';

const ENDPOINT = endpoint<TicketDetail>()('GET', TICKET_API.detail);

export function getTicket(id: number): Promise<TicketDetail> {
  return call(ENDPOINT, { id });
}

export const ticketQueryOptions = (userId: number, id: number) =>
  queryOptions({ queryKey: ticketKeys.detail(userId, id), queryFn: () => getTicket(id) });

export function useTicket(userId: number, id: number | null) {
  return useQuery({ ...ticketQueryOptions(userId, id ?? 0), enabled: userId > 0 && id !== null });
}
