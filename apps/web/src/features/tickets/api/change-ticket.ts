// POST /api/ccw/tickets/{id}/reply/ { content, attachments } and /close/ { rating, comment }: each answers the ticket
// as it is now, which replaces the page's copy; the list refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  endpoint,
  TICKET_API,
  type TicketCloseBody,
  type TicketDetail,
  type TicketReplyBody,
} from '@uc/shared';
import { call } from '../../../lib/http/http';
import { ticketKeys } from './keys';

const REPLY = endpoint<TicketDetail, TicketReplyBody>()('POST', TICKET_API.reply);
const CLOSE = endpoint<TicketDetail, TicketCloseBody>()('POST', TICKET_API.close);

export function replyTicket(id: number, body: TicketReplyBody): Promise<TicketDetail> {
  return call(REPLY, { id, input: body });
}

export function closeTicket(id: number, body: TicketCloseBody): Promise<TicketDetail> {
  return call(CLOSE, { id, input: body });
}

function useTicketChange<B>(
  userId: number,
  id: number,
  send: (id: number, body: B) => Promise<TicketDetail>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => send(id, body),
    onSuccess: (ticket) => {
      client.setQueryData(ticketKeys.detail(userId, id), ticket);
      return client.invalidateQueries({ queryKey: ticketKeys.list(userId) });
    },
  });
}

export const useReplyTicket = (userId: number, id: number) => useTicketChange(userId, id, replyTicket);
export const useCloseTicket = (userId: number, id: number) => useTicketChange(userId, id, closeTicket);
