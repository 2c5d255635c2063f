import { POLICY_TOOLS_API } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mockApi, requests } from '../../../test/api';
import { signIn } from '../../../test/session';
import { scoreHts } from './assess';

describe('the assessments', () => {
  it('name each submitted questionnaire with an Idempotency-Key of its own', async () => {
    signIn();
    mockApi({ post: { [POLICY_TOOLS_API.htsScore]: () => ({}) } });
    const subject = { customer_id: 3, cus_name: '深圳市测试科技有限公司' };
    await scoreHts({ subject });
    await scoreHts({ subject });
    const keys = requests('post', POLICY_TOOLS_API.htsScore).map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
