// The page harness itself: requests go through the real HTTP client, so its interceptors (docs/requirements.md §8) act in
// page tests as in the app.
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unwrap } from '@uc/client';
import { CODE, type Envelope, MSG } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { http } from '../lib/http/http';
import { loginPath, paths } from '../paths';
import { httpError, mockApi, networkError, refuse, requests } from './api';
import { renderApp, routerPath } from './render';
import { signIn, TEST_TOKEN } from './session';

const PATH = '/api/test/greeting/';

function Greeting() {
  const greeting = useQuery({
    queryKey: ['greeting'],
    queryFn: async () =>
      unwrap((await http.get<Envelope<string>>(PATH, { params: { to: 'demouser' } })).data),
  });
  return <p>{greeting.data ?? (greeting.isError ? 'failed' : 'loading')}</p>;
}

const renderGreeting = () =>
  renderApp(<Greeting />, { path: '/news', routes: [{ path: '*', element: <p>elsewhere</p> }] });

describe('the page harness', () => {
  it('answers the data of a route in the envelope, and records the request with the member’s token', async () => {
    signIn();
    mockApi({ get: { [PATH]: (query) => `你好，${query.to}` } });
    renderGreeting();
    expect(await screen.findByText('你好，demouser')).toBeInTheDocument();
    const [call] = requests('get', PATH);
    expect(call?.query).toEqual({ to: 'demouser' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('answers a request no route declares with 404, and records it', async () => {
    mockApi({});
    renderGreeting();
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(requests().map((c) => `${c.method} ${c.path}`)).toEqual([`get ${PATH}`]);
  });

  it('lets the client open the 403 page in the router', async () => {
    signIn();
    mockApi({ get: { [PATH]: () => httpError(403) } });
    renderGreeting();
    await waitFor(() => expect(routerPath()).toBe(paths.forbidden));
  });

  it('lets the client show the network message when nothing answers', async () => {
    signIn();
    mockApi({ get: { [PATH]: networkError } });
    renderGreeting();
    expect(await screen.findByText(MSG.network)).toBeInTheDocument();
  });

  it('lets the client ask for a new login after a login elsewhere (30001), back to the dashboard', async () => {
    signIn();
    mockApi({ get: { [PATH]: () => refuse(CODE.loggedInElsewhere, '') } });
    renderGreeting();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.loggedInElsewhere)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '重新登录' }));
    await waitFor(() => expect(routerPath()).toBe(loginPath(paths.dashboard)));
  });
});
