import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, reply, requests } from '../../../test/api';
import { postLogin } from './login';

afterEach(() => {
  Cookies.remove('CCW-Distribution', { path: '/' });
});

describe('postLogin (account)', () => {
  it('posts a form with the SHA-256 hex password, type 2, rememberMe and source', async () => {
    Cookies.set('CCW-Distribution', 'baidu', { path: '/' });
    mockApi({ post: { 'auth/login/': () => reply({ code: 200, message: 'ok', data: { token: 't' } }) } });
    const envelope = await postLogin({
      type: 'account',
      username: ' demouser ',
      password: 'Demo12345',
      rememberMe: true,
    });
    expect(envelope).toEqual({ code: 200, message: 'ok', data: { token: 't' } });
    const [seen] = requests();
    expect(seen?.path).toBe('/auth/login/');
    expect(seen?.method).toBe('post');
    expect(seen?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const body = new URLSearchParams(seen?.text);
    expect(body.get('username')).toBe('demouser');
    expect(body.get('password')).toBe('0139815934c04f0c77e45c53a820eebd22390537f9ea89c55ecad2341cf1a9e1');
    expect(body.get('type')).toBe('2');
    expect(body.get('rememberMe')).toBe('true');
    expect(body.get('source')).toBe('baidu');
  });
});
