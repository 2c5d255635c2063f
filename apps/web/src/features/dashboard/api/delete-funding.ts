// POST /tools/api/DelPublicityListById/ (form; ids as a comma string): deletes funding records.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, HOME_API, type HomeApiData } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export interface DeleteFundingRequest {
  ids: readonly number[];
}

const ENDPOINT = endpoint<HomeApiData['fundingDelete'], DeleteFundingRequest>()(
  'POST',
  HOME_API.fundingDelete,
  {
    body: 'form',
  },
);

export function deleteFunding(request: DeleteFundingRequest): Promise<HomeApiData['fundingDelete']> {
  return call(ENDPOINT, { input: { ids: request.ids } });
}

export function useDeleteFunding(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFunding,
    onSuccess: () => client.invalidateQueries({ queryKey: fundingKeys.all(userId) }),
  });
}
