// POST /api/ccw/policy/favourites/ or .../favourites/remove/ (JSON { id }): adds or removes a favourite (收藏).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, POLICY_ITEM_API, type PolicyFavouriteState } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { policyItemKeys } from './keys';

export interface SetFavouriteRequest {
  id: number;
  favourite: boolean;
}

export async function setFavourite({ id, favourite }: SetFavouriteRequest): Promise<PolicyFavouriteState> {
  const url = favourite ? POLICY_ITEM_API.favourites : POLICY_ITEM_API.favouriteRemove;
  const res = await http.post<Envelope<PolicyFavouriteState>>(url, { id });
  return unwrap(res.data);
}

export function useSetFavourite(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onSuccess: () => client.invalidateQueries({ queryKey: policyItemKeys.forUser(userId) }),
  });
}
