// The answers the server put into the page stand in for the GETs they answer, once, through the real HTTP client;
// a write drops the rest; while a first view is prepared, a GET without an answer is not sent at all.
import { AUTH_API, answerKey, PAGE_ANSWERS_ELEMENT_ID } from '@uc/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, requests } from '../../test/api';
import { http } from './http';
import { resetPageAnswers, withPageAnswersOnly } from './page-answers';

const envelope = (data: unknown) => ({ code: 200, message: 'ok', data });

function putAnswers(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers);
  document.body.append(element);
}

beforeEach(() => resetPageAnswers());
afterEach(() => {
  document.getElementById(PAGE_ANSWERS_ELEMENT_ID)?.remove();
  vi.restoreAllMocks();
});

describe('page answers', () => {
  it('answer a GET once, without a request; the same GET again goes to the server', async () => {
    // Read once, on the first request: the module keeps what the element held.
    putAnswers({
      [answerKey(AUTH_API.info)]: envelope({ id: 7 }),
      [answerKey('/api/user/list/', { page: 1, size: 10 })]: envelope({ list: ['from the page'] }),
    });
    mockApi({ get: { '/api/user/list/': () => ({ list: ['from the server'] }) } });

    const first = await http.get('/api/user/list/', { params: { size: 10, page: 1 } });
    expect(first.data).toEqual(envelope({ list: ['from the page'] }));
    expect(requests('get', '/api/user/list/')).toHaveLength(0);
    expect(document.getElementById(PAGE_ANSWERS_ELEMENT_ID)).toBeNull();

    const again = await http.get('/api/user/list/', { params: { page: 1, size: 10 } });
    expect(again.data).toMatchObject({ data: { list: ['from the server'] } });
    expect(requests('get', '/api/user/list/')).toHaveLength(1);
  });

  it('are dropped by any write, so nothing read after a change comes from before it', async () => {
    mockApi({
      get: { '/api/user/count/': () => ({ used: 2 }) },
      post: { '/api/user/add/': () => null },
    });
    putAnswers({ [answerKey('/api/user/count/')]: envelope({ used: 1 }) });
    await http.post('/api/user/add/', { name: 'x' });
    const res = await http.get('/api/user/count/');
    expect(res.data).toMatchObject({ data: { used: 2 } });
  });

  it('stand in only shortly after the page loaded', async () => {
    mockApi({ get: { '/api/users/security/': () => ({ fresh: true }) } });
    putAnswers({ [answerKey('/api/users/security/')]: envelope({ fresh: false }) });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const res = await http.get('/api/users/security/');
    expect(res.data).toMatchObject({ data: { fresh: true } });
  });

  it('while a first view is prepared, cancel a GET the server did not answer: no request, no message', async () => {
    mockApi({ get: { '/api/ccw/config/getConfig/': () => ({}) } });
    const outcome = await withPageAnswersOnly(() =>
      http.get('/api/ccw/config/getConfig/').then(
        () => 'answered',
        (error: unknown) => (error as { kind?: string }).kind,
      ),
    );
    expect(outcome).toBe('canceled');
    expect(requests('get', '/api/ccw/config/getConfig/')).toHaveLength(0);
    // Afterwards the same GET is sent as usual.
    await http.get('/api/ccw/config/getConfig/');
    expect(requests('get', '/api/ccw/config/getConfig/')).toHaveLength(1);
  });
});
