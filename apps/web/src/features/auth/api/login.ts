// POST auth/login/ (docs/requirements.md §7): form body, password hashed client-side; type 1 SMS code, 2 account,
// 3 bind a mobile and log in. `source` is the CCW-Distribution cookie.
import { AUTH_API, type Envelope, LOGIN_TYPE, type LoginData } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { http } from '../../../lib/http/http';
import { getDistribution } from '../../../lib/session/cookies';

const LOGIN_URL = AUTH_API.login;

export interface AccountLoginRequest {
  username: string;
  /** Plain password as typed; hashed here, never sent as is. */
  password: string;
  rememberMe: boolean;
}

export interface SmsLoginRequest {
  phone: string;
  verifycode: string;
  rememberMe: boolean;
}

export type BindLoginRequest = AccountLoginRequest & { phone: string; verifycode: string };

export type LoginRequest =
  | ({ type: 'account' } & AccountLoginRequest)
  | ({ type: 'sms' } & SmsLoginRequest)
  | ({ type: 'bind' } & BindLoginRequest);

async function formOf(request: LoginRequest): Promise<URLSearchParams> {
  const form = new URLSearchParams();
  if (request.type === 'sms') {
    form.set('phone', request.phone.trim());
    form.set('verifycode', request.verifycode.trim());
  } else {
    form.set('username', request.username.trim());
    form.set('password', await sha256Hex(request.password));
    if (request.type === 'bind') {
      form.set('phone', request.phone.trim());
      form.set('verifycode', request.verifycode.trim());
    }
  }
  form.set('rememberMe', String(request.rememberMe));
  form.set('type', String(LOGIN_TYPE[request.type]));
  const source = getDistribution();
  if (source) form.set('source', source);
  return form;
}

/** Returns the envelope as is: the login screen handles its codes (20004, 20005, 20012, ...) itself. */
export async function postLogin(request: LoginRequest): Promise<Envelope<LoginData>> {
  const res = await http.post<Envelope<LoginData>>(LOGIN_URL, await formOf(request), {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    silent: true,
  });
  return res.data;
}
