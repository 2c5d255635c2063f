// POST /auth/register/ (docs/requirements.md §7): form with both passwords hashed; body code 201 means registered.
import { AUTH_API, type Envelope } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { http } from '../../../lib/http/http';
import { getDistribution } from '../../../lib/session/cookies';

const REGISTER_URL = AUTH_API.register;

export interface RegisterRequest {
  company: string;
  username: string;
  password: string;
  confirmPassword: string;
  /** The number as sent: mainland 11 digits, else with its dialing code. */
  telphone: string;
  verifycode: string;
}

export async function postRegister(request: RegisterRequest): Promise<Envelope<unknown>> {
  const [hash1, hash2] = await Promise.all([sha256Hex(request.password), sha256Hex(request.confirmPassword)]);
  const form = new URLSearchParams({
    company: request.company.trim(),
    username: request.username.trim(),
    new_password1: hash1,
    new_password2: hash2,
    telphone: request.telphone.trim(),
    verifycode: request.verifycode.trim(),
  });
  const source = getDistribution();
  if (source) form.set('source', source);
  const res = await http.post<Envelope<unknown>>(REGISTER_URL, form, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    silent: true,
  });
  return res.data;
}
