// GET /api/ccw/customers/{id}/notes/: one customer's follow-up notes, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerNote, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

const ENDPOINT = endpoint<CustomerNote[]>()('GET', CUSTOMER_BOOK_API.notes);

export function getNotes(id: number): Promise<CustomerNote[]> {
  return call(ENDPOINT, { id });
}

export const notesQueryOptions = (userId: number, id: number) =>
  queryOptions({ queryKey: customerKeys.notes(userId, id), queryFn: () => getNotes(id) });

export const useNotes = (userId: number, id: number) =>
  useQuery({ ...notesQueryOptions(userId, id), enabled: userId > 0 && id > 0 });
