// GET /api/ccw/customers/{id}/notes/: one customer's follow-up notes, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { bookPath, CUSTOMER_BOOK_API, type CustomerNote, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

export async function getNotes(id: number): Promise<CustomerNote[]> {
  const res = await http.get<Envelope<CustomerNote[]>>(bookPath(CUSTOMER_BOOK_API.notes, { id }));
  return unwrap(res.data);
}

export const notesQueryOptions = (userId: number, id: number) =>
  queryOptions({ queryKey: customerKeys.notes(userId, id), queryFn: () => getNotes(id) });

export const useNotes = (userId: number, id: number) =>
  useQuery({ ...notesQueryOptions(userId, id), enabled: userId > 0 && id > 0 });
