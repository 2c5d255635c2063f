// GET auth/info/: the logged-in user (docs/requirements.md §7).

import { AUTH_API, endpoint, type UserInfo } from '@uc/shared';
import { call } from '../../http/http';

const ENDPOINT = endpoint<UserInfo>()('GET', AUTH_API.info);

export function getUserInfo(): Promise<UserInfo> {
  return call(ENDPOINT, {});
}
