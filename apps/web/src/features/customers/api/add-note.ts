// POST /api/ccw/customers/{id}/notes/: adds a follow-up note (its day defaults to today on the server).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import {
  bookPath,
  CUSTOMER_BOOK_API,
  type CustomerNote,
  type CustomerNoteInput,
  type Envelope,
} from '@uc/shared';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

export async function addNote(id: number, note: CustomerNoteInput): Promise<CustomerNote> {
  const res = await http.post<Envelope<CustomerNote>>(bookPath(CUSTOMER_BOOK_API.notes, { id }), note);
  return unwrap(res.data);
}

export function useAddNote(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: CustomerNoteInput) => addNote(id, note),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.notes(userId, id) }),
  });
}
