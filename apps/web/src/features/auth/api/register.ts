// POST /auth/register/ (docs/requirements.md §7): form with both passwords hashed; body code 201 means registered.
import { AUTH_API, endpoint, type RegisterAnswer, type RegisterBody } from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';
import { getDistribution } from '../../../lib/session/cookies';

const ENDPOINT = endpoint<RegisterAnswer['data'], RegisterBody>()('POST', AUTH_API.register, {
  body: 'form',
  answer: 'envelope',
});

export interface RegisterRequest {
  company: string;
  username: string;
  password: string;
  confirmPassword: string;
  /** The number as sent: mainland 11 digits, else with its dialing code. */
  telphone: string;
  verifycode: string;
}

export async function postRegister(request: RegisterRequest): Promise<RegisterAnswer> {
  const [hash1, hash2] = await Promise.all([sha256Hex(request.password), sha256Hex(request.confirmPassword)]);
  const input: RegisterBody = {
    company: request.company.trim(),
    username: request.username.trim(),
    new_password1: hash1,
    new_password2: hash2,
    telphone: request.telphone.trim(),
    verifycode: request.verifycode.trim(),
    source: getDistribution(),
  };
  return call(ENDPOINT, { input, silent: true });
}
