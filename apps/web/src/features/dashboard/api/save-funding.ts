// POST /tools/api/SavePublicity/ (form): adds a funding record, or edits one when an id is given.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, HOME_API, type HomeApiData } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export interface SaveFundingRequest {
  /** Present when editing. */
  id?: number;
  projectName: string;
  depName: string;
  /** 万元, as typed (the server parses it). */
  amount: string;
}

export async function saveFunding(request: SaveFundingRequest): Promise<HomeApiData['fundingSave']> {
  const form = new URLSearchParams({
    projectName: request.projectName,
    depName: request.depName,
    amount: request.amount,
  });
  if (request.id !== undefined) form.set('id', String(request.id));
  const res = await http.post<Envelope<HomeApiData['fundingSave']>>(HOME_API.fundingSave, form);
  return unwrap(res.data);
}

export function useSaveFunding(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFunding,
    onSuccess: () => client.invalidateQueries({ queryKey: fundingKeys.all(userId) }),
  });
}
