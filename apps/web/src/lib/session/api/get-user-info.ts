// GET auth/info/: the logged-in user (SPEC.md §7).

import type { Envelope, UserInfo } from '@uc/shared';
import { unwrap } from '../../http/api-error';
import { http } from '../../http/http';

const USER_INFO_URL = 'auth/info/';

export async function getUserInfo(): Promise<UserInfo> {
  const res = await http.get<Envelope<UserInfo>>(USER_INFO_URL);
  return unwrap(res.data);
}
