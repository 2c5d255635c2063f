// POST api/users/findPassword/ (docs/requirements.md §7): a new password for the account(s) of a mobile, with an SMS code.
import {
  type AccountChoice,
  AUTH_API,
  type Envelope,
  endpoint,
  type FindPasswordBody,
  IDENTITY_CODE,
} from '@uc/shared';
import { sha256Hex } from '../../../lib/hash-password';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<unknown, FindPasswordBody>()('POST', AUTH_API.findPassword, {
  body: 'form',
  answer: 'envelope',
});

export interface FindPasswordRequest {
  telphone: string;
  verifycode: string;
  newpassword: string;
  surepassword: string;
  /** The account chosen when the mobile has several (code 20013). */
  username?: string;
}

export type { AccountChoice };

export async function postFindPassword(request: FindPasswordRequest): Promise<Envelope<unknown>> {
  const [hash1, hash2] = await Promise.all([sha256Hex(request.newpassword), sha256Hex(request.surepassword)]);
  const input: FindPasswordBody = {
    telphone: request.telphone.trim(),
    verifycode: request.verifycode.trim(),
    newpassword: hash1,
    surepassword: hash2,
    username: request.username || undefined,
  };
  return call(ENDPOINT, { input, silent: true });
}

/** The accounts of a 20013 answer (malformed entries dropped). */
export function accountChoices(envelope: Envelope<unknown>): AccountChoice[] {
  if (envelope.code !== IDENTITY_CODE.chooseAccount || !Array.isArray(envelope.data)) return [];
  return envelope.data.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { username, company_name } = item as Record<string, unknown>;
    return typeof username === 'string' && username
      ? [{ username, company_name: typeof company_name === 'string' ? company_name : '' }]
      : [];
  });
}
