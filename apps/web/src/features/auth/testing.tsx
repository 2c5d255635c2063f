// Test helpers of the sign-in and sign-up screens: rendering among the login and dashboard routes, button names.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { expect } from 'vitest';
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

/** Presses the button named `text` on the empty form: each of `messages` shows. */
export async function submitEmpty(u: UserEvent, text: string, messages: readonly string[]): Promise<void> {
  await u.click(screen.getByRole('button', { name: buttonNamed(text) }));
  for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
}

/**
 * The chunks the forms load on first use (the captcha, the password rules), loaded before the first test rather
 * than inside a timed query on a busy machine.
 */
export async function loadFormChunks(): Promise<void> {
  await import('../../components/slider-captcha/slider-captcha-modal');
  await import('../../components/form-fields/login-rules');
}
