// POST /api/ccw/customers/{id}/notes/: adds a follow-up note (its day defaults to today on the server).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, type CustomerNote, type CustomerNoteInput, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

const ENDPOINT = endpoint<CustomerNote, CustomerNoteInput>()('POST', CUSTOMER_BOOK_API.notes);

export function addNote(id: number, note: CustomerNoteInput): Promise<CustomerNote> {
  return call(ENDPOINT, { id, input: note });
}

export function useAddNote(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: CustomerNoteInput) => addNote(id, note),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.notes(userId, id) }),
  });
}
