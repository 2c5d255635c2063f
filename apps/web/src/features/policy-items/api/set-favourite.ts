// POST /api/ccw/policy/favourites/ or .../favourites/remove/ (JSON { id }): adds or removes a favourite (收藏).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, POLICY_ITEM_API, type PolicyFavouriteBody, type PolicyFavouriteState } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

export interface SetFavouriteRequest {
  id: number;
  favourite: boolean;
}

const ADD = endpoint<PolicyFavouriteState, PolicyFavouriteBody>()('POST', POLICY_ITEM_API.favourites);
const REMOVE = endpoint<PolicyFavouriteState, PolicyFavouriteBody>()('POST', POLICY_ITEM_API.favouriteRemove);

export function setFavourite({ id, favourite }: SetFavouriteRequest): Promise<PolicyFavouriteState> {
  return call(favourite ? ADD : REMOVE, { input: { id } });
}

export function useSetFavourite(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onSuccess: () => client.invalidateQueries({ queryKey: policyItemKeys.forUser(userId) }),
  });
}
