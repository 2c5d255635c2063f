// GET /api/ccw/tickets/?status=&page=&size=: the account's tickets (a main account's team's), latest activity first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoint, type Page, TICKET_API, type TicketItem, type TicketStatus } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { ticketKeys } from './keys';

export interface TicketListRequest {
  page: number;
  size: number;
  /** Absent: every ticket. */
  status?: TicketStatus;
}

const ENDPOINT = endpoint<Page<TicketItem>, TicketListRequest>()('GET', TICKET_API.list);

export function getTicketList(params: TicketListRequest): Promise<Page<TicketItem>> {
  return call(ENDPOINT, { input: params });
}

export const ticketListQueryOptions = (userId: number, params: TicketListRequest) =>
  queryOptions({
    queryKey: [...ticketKeys.list(userId), params],
    queryFn: () => getTicketList(params),
  });

export function useTicketList(userId: number, params: TicketListRequest) {
  return useQuery({
    ...ticketListQueryOptions(userId, params),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
}
