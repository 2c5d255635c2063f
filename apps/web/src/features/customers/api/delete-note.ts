// DELETE /api/ccw/customers/{id}/notes/{note_id}/: removes one follow-up note.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { bookPath, CUSTOMER_BOOK_API, type Envelope } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { customerKeys } from './keys';

export async function deleteNote(id: number, noteId: number): Promise<void> {
  const res = await http.delete<Envelope<null>>(bookPath(CUSTOMER_BOOK_API.note, { id, note_id: noteId }));
  unwrap(res.data);
}

export function useDeleteNote(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) => deleteNote(id, noteId),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.notes(userId, id) }),
  });
}
