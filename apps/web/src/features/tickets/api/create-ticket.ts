// POST /api/ccw/tickets/ { category, content, attachments, page, order_no }: a new ticket (answered with its detail).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, TICKET_API, type TicketCreateBody, type TicketDetail } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { ticketKeys } from './keys';

const ENDPOINT = endpoint<TicketDetail, TicketCreateBody>()('POST', TICKET_API.list);

export function createTicket(body: TicketCreateBody): Promise<TicketDetail> {
  return call(ENDPOINT, { input: body });
}

export function useCreateTicket(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => {
      client.setQueryData(ticketKeys.detail(userId, ticket.id), ticket);
      return client.invalidateQueries({ queryKey: ticketKeys.list(userId) });
    },
  });
}
