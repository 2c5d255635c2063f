// Test helpers of the sign-in and sign-up screens: rendering among the login and dashboard routes, button names.
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { renderApp } from '../../test/render';

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { username?: string } | null;
  return <div data-testid="login-probe">{`login:${state?.username ?? ''}`}</div>;
}

/** Renders a page at `path` with the login and dashboard routes around it, without a query client (as in the app). */
export function renderPage(path: string, element: ReactElement, initial: string = path) {
  const { router } = renderApp(element, {
    path,
    at: initial,
    client: null,
    routes: [
      { path: '/checklogin/index', element: <LoginProbe /> },
      { path: '/dashboard', element: <div>dashboard</div> },
    ],
  });
  return router;
}

/** A button by its text; while its request is pending the name starts with the icon's label "loading". */
export function buttonNamed(text: string): RegExp {
  return new RegExp(`^(loading\\s*)?${text}$`);
}
