// DELETE /api/ccw/customers/{id}/notes/{note_id}/: removes one follow-up note.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { customerKeys } from './keys';

const ENDPOINT = endpoint<null>()('DELETE', CUSTOMER_BOOK_API.note);

export async function deleteNote(id: number, noteId: number): Promise<void> {
  await call(ENDPOINT, { id: [id, noteId] });
}

export function useDeleteNote(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) => deleteNote(id, noteId),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.notes(userId, id) }),
  });
}
