// POST auth/logout: ends the server session. Silent: its failure (even a 401) must never open a dialog, and its
// answer is not read (the envelope, whatever its code).
import { AUTH_API, endpoint } from '@uc/shared';
import { call } from '../../http/http';

const ENDPOINT = endpoint<null>()('POST', AUTH_API.logout, { answer: 'envelope' });

export async function postLogout(): Promise<void> {
  await call(ENDPOINT, { silent: true, timeout: 10_000 });
}
