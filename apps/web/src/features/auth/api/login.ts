// POST auth/login/ (docs/requirements.md §7): form body, password hashed client-side; type 1 SMS code, 2 account,
// 3 bind a mobile and log in. `source` is the CCW-Distribution cookie.
import { AUTH_API, type Envelope, endpoint, LOGIN_TYPE, type LoginBody, type LoginData } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';
import { getDistribution } from '../../../lib/session/cookies';

const ENDPOINT = endpoint<LoginData, LoginBody>()('POST', AUTH_API.login, {
  body: 'form',
  answer: 'envelope',
});

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

async function bodyOf(request: LoginRequest): Promise<LoginBody> {
  const { rememberMe } = request;
  const source = getDistribution();
  if (request.type === 'sms') {
    const [phone, verifycode] = [request.phone.trim(), request.verifycode.trim()];
    return { phone, verifycode, rememberMe, type: LOGIN_TYPE.sms, source };
  }
  const [username, password] = [request.username.trim(), await sha256Hex(request.password)];
  if (request.type === 'account') return { username, password, rememberMe, type: LOGIN_TYPE.account, source };
  const [phone, verifycode] = [request.phone.trim(), request.verifycode.trim()];
  return { username, password, phone, verifycode, rememberMe, type: LOGIN_TYPE.bind, source };
}

/** Returns the envelope as is: the login screen handles its codes (20004, 20005, 20012, ...) itself. */
export async function postLogin(request: LoginRequest): Promise<Envelope<LoginData>> {
  return call(ENDPOINT, { input: await bodyOf(request), silent: true });
}
