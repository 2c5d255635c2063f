// Test helpers of the sign-in and sign-up screens: rendering among the login and dashboard routes, and a fake API.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { http } from '../../lib/http/http';
import { renderRoutes } from '../../test/render';

export interface ApiCall {
  method: string;
  url: string;
  params: Record<string, string>;
  /** Form bodies as a plain object; JSON bodies parsed. */
  body: Record<string, unknown>;
}

export type ApiHandler = (call: ApiCall) => unknown;

const originalAdapter = http.defaults.adapter;

function bodyOf(data: unknown): Record<string, unknown> {
  if (data instanceof URLSearchParams) return Object.fromEntries(data);
  if (typeof data === 'string' && data) {
    try {
      return JSON.parse(data) as Record<string, unknown>;
    } catch {
      return Object.fromEntries(new URLSearchParams(data));
    }
  }
  return {};
}

/** Answers every request of the shared HTTP client with `handler`'s body (HTTP 200); records the calls. */
export function mockApi(handler: ApiHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: ApiCall = {
      method: (config.method ?? 'get').toLowerCase(),
      url: (config.url ?? '').replace(/^\//, ''),
      params: { ...(config.params as Record<string, string> | undefined) },
      body: bodyOf(config.data),
    };
    calls.push(call);
    return { data: await handler(call), status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
}

export function restoreApi(): void {
  http.defaults.adapter = originalAdapter;
}

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { username?: string } | null;
  return <div data-testid="login-probe">{`login:${state?.username ?? ''}`}</div>;
}

/** Renders a page at `path` with the login and dashboard routes around it. */
export function renderPage(path: string, element: ReactElement, initial: string = path) {
  const { router } = renderRoutes(
    [
      { path, element },
      { path: '/checklogin/index', element: <LoginProbe /> },
      { path: '/dashboard', element: <div>dashboard</div> },
    ],
    [initial],
  );
  return router;
}

/** A button by its text; while its request is pending the name starts with the icon's label "loading". */
export function buttonNamed(text: string): RegExp {
  return new RegExp(`^(loading\\s*)?${text}$`);
}
