import { describe, expect, it } from 'vitest';
import { computeAccess } from '../../lib/access';
import { loginPath } from '../../paths';
import { decideGuard, type GuardInput } from './decide';

const granted = new Set(['/news', '/account/info', '/taocandetail']);
const vipAccess = computeAccess({ token: 't', name: 'demouser', level: 22, roles: ['member', 'vip'] });

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    pathname: '/dashboard',
    search: '',
    hasToken: false,
    name: '',
    boot: 'idle',
    granted: null,
    access: computeAccess({ token: '', name: '', level: 0 }),
    ...overrides,
  };
}
const member = (overrides: Partial<GuardInput>) =>
  input({ hasToken: true, name: 'demouser', boot: 'ready', granted, access: vipAccess, ...overrides });

describe('decideGuard', () => {
  describe('login, register and find-password pages', () => {
    it.each(['/checklogin/index', '/register', '/findpwd'])('%s is open without a token', (pathname) => {
      expect(decideGuard(input({ pathname }))).toEqual({ type: 'allow' });
    });
    it.each(['/checklogin/index', '/register', '/findpwd', '/register/'])(
      '%s sends a user with a token to the dashboard',
      (pathname) => {
        expect(decideGuard(input({ pathname, hasToken: true }))).toEqual({
          type: 'redirect',
          to: '/dashboard',
        });
      },
    );
  });

  it.each(['/401', '/403', '/404', '/503', '/vip-no-permission', '/sub-account-no-permission'])(
    'error page %s is always open',
    (pathname) => {
      expect(decideGuard(input({ pathname }))).toEqual({ type: 'allow' });
      expect(decideGuard(input({ pathname, hasToken: true }))).toEqual({ type: 'allow' });
    },
  );

  it('the root goes to the dashboard', () => {
    expect(decideGuard(input({ pathname: '/' }))).toEqual({ type: 'redirect', to: '/dashboard' });
  });

  describe('bootstrap', () => {
    it('with a token and no user name yet, fetches info and menus first', () => {
      expect(decideGuard(input({ hasToken: true, pathname: '/news' }))).toEqual({ type: 'bootstrap' });
    });
    it('with a token and the guest name, fetches too', () => {
      expect(decideGuard(input({ hasToken: true, name: '游客', granted }))).toEqual({ type: 'bootstrap' });
    });
    it('right after login (name from the token, menus not fetched) fetches', () => {
      expect(decideGuard(input({ hasToken: true, name: 'demouser' }))).toEqual({ type: 'bootstrap' });
    });
    it('without a token but with a non-guest name, fetches (the 401 handler takes over)', () => {
      expect(decideGuard(input({ name: 'demouser', granted, boot: 'ready' }))).toEqual({ type: 'bootstrap' });
    });
    it('waits while the fetch runs or the login dialog is open', () => {
      expect(decideGuard(input({ hasToken: true, boot: 'loading' }))).toEqual({ type: 'wait' });
      expect(decideGuard(input({ hasToken: true, boot: 'failed' }))).toEqual({ type: 'wait' });
    });
    it('a visitor (no token, no name) does not fetch', () => {
      expect(decideGuard(input({ pathname: '/dashboard' }))).toEqual({ type: 'allow' });
    });
  });

  describe('logged in', () => {
    it('opens the dashboard and granted paths (a refresh on a dynamic route stays there)', () => {
      expect(decideGuard(member({ pathname: '/dashboard' }))).toEqual({ type: 'allow' });
      expect(decideGuard(member({ pathname: '/news' }))).toEqual({ type: 'allow' });
      expect(decideGuard(member({ pathname: '/news/' }))).toEqual({ type: 'allow' });
    });
    it('sends a known path the menu does not grant to /401', () => {
      expect(decideGuard(member({ pathname: '/customer/list' }))).toEqual({ type: 'redirect', to: '/401' });
      expect(decideGuard(member({ pathname: '/vip/index' }))).toEqual({ type: 'redirect', to: '/401' });
    });
    it('sends an unknown path to /404', () => {
      expect(decideGuard(member({ pathname: '/no/such/page' }))).toEqual({ type: 'redirect', to: '/404' });
    });
  });

  describe('帮助中心, open to everyone', () => {
    it('opens the help pages to a visitor and to a member whatever the menus grant', () => {
      expect(decideGuard(input({ pathname: '/help' }))).toEqual({ type: 'allow' });
      expect(decideGuard(input({ pathname: '/help/article', search: '?id=1' }))).toEqual({ type: 'allow' });
      expect(decideGuard(member({ pathname: '/help/' }))).toEqual({ type: 'allow' });
    });
    it('sends a visitor opening 我的工单 to the login page and back', () => {
      expect(decideGuard(input({ pathname: '/ticket/detail', search: '?id=3' }))).toEqual({
        type: 'redirect',
        to: '/checklogin/index?redirect=/ticket/detail%3Fid%3D3',
      });
    });
  });

  describe('the payment result page, outside the menu tree', () => {
    it('is open to a signed-in main account whatever the menus grant', () => {
      expect(decideGuard(member({ pathname: '/payResult', search: '?out_trade_no=1' }))).toEqual({
        type: 'allow',
      });
      const trial = computeAccess({ token: 't', name: 'newco', level: 0, roles: ['member'] });
      expect(decideGuard(member({ pathname: '/payResult', access: trial }))).toEqual({ type: 'allow' });
    });
    it('sends a visitor to the login page and back', () => {
      expect(decideGuard(input({ pathname: '/payResult', search: '?out_trade_no=1' }))).toEqual({
        type: 'redirect',
        to: '/checklogin/index?redirect=/payResult%3Fout_trade_no%3D1',
      });
    });
  });

  describe('no-permission pages (docs/requirements.md §2, §6)', () => {
    // The menu tree of a sub-account has no package pages (the server drops them).
    const subGranted = new Set(['/news', '/account/info', '/hts/identification/score']);
    const sub = (level: number, pathname: string) =>
      member({
        pathname,
        granted: subGranted,
        access: computeAccess({ token: 't', name: 'demosub01', level, roles: ['member', 'vip', 'sub'] }),
      });

    it.each(['/vip/index', '/taocandetail', '/apiorder', '/vip/index/', '/payResult'])(
      'a sub-account opening the package page %s is told it is a sub-account',
      (pathname) => {
        expect(decideGuard(sub(22, pathname))).toEqual({
          type: 'redirect',
          to: '/sub-account-no-permission',
        });
        expect(decideGuard(sub(10, pathname))).toEqual({
          type: 'redirect',
          to: '/sub-account-no-permission',
        });
      },
    );

    it('a sub-account opening the sub-account management is told the team is the main account’s', () => {
      expect(decideGuard(sub(22, '/account/sub'))).toEqual({
        type: 'redirect',
        to: '/sub-account-no-permission?for=team',
      });
    });

    it('a sub-account still opens what its menu grants, and other missing pages follow the level rule', () => {
      expect(decideGuard(sub(22, '/hts/identification/score'))).toEqual({ type: 'allow' });
      expect(decideGuard(sub(22, '/customer/list'))).toEqual({ type: 'redirect', to: '/401' });
      expect(decideGuard(sub(10, '/customer/list'))).toEqual({ type: 'redirect', to: '/vip-no-permission' });
    });

    it.each([0, 10, 19])('a member of level %i missing a known page goes to the VIP page', (level) => {
      const access = computeAccess({ token: 't', name: 'trialuser', level, roles: ['member'] });
      // The tools usage credits pay for name themselves, so the page offers 购买次数.
      for (const [pathname, to] of [
        ['/smart/match/policy/exact', '/vip-no-permission?tool=match_exact'],
        ['/hts/identification/score', '/vip-no-permission?tool=hts_score'],
        ['/specialization_new/evaluation/accreditation', '/vip-no-permission?tool=sme_evaluation'],
        ['/sub/settings', '/vip-no-permission'],
      ]) {
        expect(decideGuard(member({ pathname, access }))).toEqual({ type: 'redirect', to });
      }
      expect(decideGuard(member({ pathname: '/news', access }))).toEqual({ type: 'allow' });
      expect(decideGuard(member({ pathname: '/no/such/page', access }))).toEqual({
        type: 'redirect',
        to: '/404',
      });
    });

    it('a VIP member missing a known page gets 401; a main account is never sent to the sub-account page', () => {
      expect(decideGuard(member({ pathname: '/customer/list' }))).toEqual({ type: 'redirect', to: '/401' });
      expect(decideGuard(member({ pathname: '/apiorder' }))).toEqual({ type: 'redirect', to: '/401' });
    });
  });

  describe('visitor', () => {
    it.each([
      '/news',
      '/publicity',
      '/taocandetail',
      '/paySuccess',
      '/apiorder',
      '/apiPaySuccess',
      '/account/info',
      '/account/safe',
      '/vip/index',
      '/customer/list',
      '/sub/list',
      '/sub/settings',
      '/smart/match/policy/exact',
      '/smart/match/policy/fast',
      '/hts/identification/score',
      '/specialization_new/evaluation/accreditation',
    ])('opening %s goes to login with a redirect back', (pathname) => {
      expect(decideGuard(input({ pathname }))).toEqual({
        type: 'redirect',
        to: `/checklogin/index?redirect=${pathname}`,
      });
    });
    it('keeps the query in the redirect', () => {
      expect(decideGuard(input({ pathname: '/taocandetail', search: '?gid=13&state=2' }))).toEqual({
        type: 'redirect',
        to: '/checklogin/index?redirect=/taocandetail%3Fgid%3D13%26state%3D2',
      });
    });
    it('sends an unknown path to /404', () => {
      expect(decideGuard(input({ pathname: '/whatever' }))).toEqual({ type: 'redirect', to: '/404' });
    });
  });

  it('搜索 opens for every signed-in account (no menu grants it) and asks a visitor to log in', () => {
    expect(decideGuard(member({ pathname: '/search' }))).toEqual({ type: 'allow' });
    expect(decideGuard(input({ pathname: '/search', search: '?q=研发' }))).toEqual({
      type: 'redirect',
      to: loginPath('/search?q=研发'),
    });
  });
});
