// POST auth/logout: ends the server session. Silent: its failure (even a 401) must never open a dialog.
import { AUTH_API, type Envelope } from '@uc/shared';
import { http } from '../../http/http';

const LOGOUT_URL = AUTH_API.logout;

export async function postLogout(): Promise<void> {
  await http.post<Envelope<null>>(LOGOUT_URL, undefined, { silent: true, timeout: 10_000 });
}
