import { describe, expect, it } from 'vitest';
import { effectiveMembership } from './service.js';

const now = new Date('2026-11-22T00:00:00.000Z');
const plan = (level: number, expiredAt: string | null) => ({ level, gid: 13, expiredAt });

describe('effectiveMembership', () => {
  it('is the account’s own plan while it runs', () => {
    expect(effectiveMembership(plan(22, '2026-12-12T00:00:00.000Z'), null, now)).toEqual(
      plan(22, '2026-12-12T00:00:00.000Z'),
    );
    expect(effectiveMembership(plan(30, null), null, now)).toEqual(plan(30, null));
  });

  it('falls back to trial rights once the plan has expired', () => {
    expect(effectiveMembership(plan(22, '2026-11-21T23:59:59.000Z'), null, now)).toEqual({
      level: 10,
      gid: 13,
      expiredAt: '2026-11-21T23:59:59.000Z',
    });
    expect(effectiveMembership(plan(5, '2026-01-01T00:00:00.000Z'), null, now).level).toBe(5);
  });

  it('is the parent’s plan for a sub-account', () => {
    const parent = plan(22, '2026-12-12T00:00:00.000Z');
    expect(effectiveMembership({ level: 0, gid: null, expiredAt: null }, parent, now)).toEqual(parent);
    expect(effectiveMembership(plan(40, null), plan(22, '2026-01-01T00:00:00.000Z'), now).level).toBe(10);
  });
});
