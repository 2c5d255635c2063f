// POST /tools/api/SavePublicity/ (form): adds a funding record, or edits one when an id is given.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, type FundingSaveBody, HOME_API, type HomeApiData } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { fundingKeys } from './funding-keys';

export interface SaveFundingRequest {
  /** Present when editing. */
  id?: number;
  projectName: string;
  depName: string;
  /** 万元, as typed (the server parses it). */
  amount: string;
}

const ENDPOINT = endpoint<HomeApiData['fundingSave'], FundingSaveBody>()('POST', HOME_API.fundingSave, {
  body: 'form',
});

export function saveFunding(request: SaveFundingRequest): Promise<HomeApiData['fundingSave']> {
  const { id, projectName, depName, amount } = request;
  return call(ENDPOINT, { input: { projectName, depName, amount, id } });
}

export function useSaveFunding(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFunding,
    onSuccess: () => client.invalidateQueries({ queryKey: fundingKeys.all(userId) }),
  });
}
