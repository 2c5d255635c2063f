// GET auth/info/: the logged-in user (docs/requirements.md §7).

import { unwrap } from '@uc/client';
import { AUTH_API, type Envelope, type UserInfo } from '@uc/shared';
import { http } from '../../http/http';

const USER_INFO_URL = AUTH_API.info;

export async function getUserInfo(): Promise<UserInfo> {
  const res = await http.get<Envelope<UserInfo>>(USER_INFO_URL);
  return unwrap(res.data);
}
