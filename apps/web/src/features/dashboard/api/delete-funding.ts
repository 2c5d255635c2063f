// POST /tools/api/DelPublicityListById/ (form; ids as a comma string): deletes funding records.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, HOME_API, type HomeApiData } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export interface DeleteFundingRequest {
  ids: readonly number[];
}

export async function deleteFunding(request: DeleteFundingRequest): Promise<HomeApiData['fundingDelete']> {
  const form = new URLSearchParams({ ids: request.ids.join(',') });
  const res = await http.post<Envelope<HomeApiData['fundingDelete']>>(HOME_API.fundingDelete, form);
  return unwrap(res.data);
}

export function useDeleteFunding(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFunding,
    onSuccess: () => client.invalidateQueries({ queryKey: fundingKeys.all(userId) }),
  });
}
