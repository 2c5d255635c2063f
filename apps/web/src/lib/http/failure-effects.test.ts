import { MSG } from '@uc/shared';
import { describe, expect, it, vi } from 'vitest';
import { createFailureEffects, type FailureEffectDeps } from './failure-effects';
import { decideFailure } from './http-policy';

function setup(answer: boolean, currentPath = '/news?x=1') {
  let resolveConfirm: (ok: boolean) => void = () => {};
  const deps = {
    confirm: vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          resolveConfirm = resolve;
        }),
    ),
    toast: vi.fn(),
    navigate: vi.fn(),
    logout: vi.fn(async () => {}),
    currentPath: vi.fn(() => currentPath),
  } satisfies FailureEffectDeps;
  const effects = createFailureEffects(deps);
  return { deps, effects, answer: () => resolveConfirm(answer) };
}

describe('createFailureEffects', () => {
  it('opens one dialog when three 401s arrive together', async () => {
    const { deps, effects, answer } = setup(true);
    const action = decideFailure({ kind: 'http', status: 401 });
    const runs = [effects.apply(action), effects.apply(action), effects.apply(action)];
    expect(deps.confirm).toHaveBeenCalledTimes(1);
    expect(deps.confirm).toHaveBeenCalledWith({
      title: '系统提示',
      content: MSG.sessionExpired,
      okText: '重新登录',
      cancelText: '取消',
    });
    expect(effects.isDialogOpen()).toBe(true);
    answer();
    await Promise.all(runs);
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/checklogin/index?redirect=/news%3Fx%3D1', { replace: true });
    expect(effects.isDialogOpen()).toBe(false);
  });

  it('opens a new dialog after the previous one closed', async () => {
    const { deps, effects, answer } = setup(true);
    const action = decideFailure({ kind: 'http', status: 401 });
    const first = effects.apply(action);
    answer();
    await first;
    void effects.apply(action);
    expect(deps.confirm).toHaveBeenCalledTimes(2);
  });

  it('30001 sends the user to login with a redirect to the dashboard', async () => {
    const { deps, effects, answer } = setup(true);
    const run = effects.apply(decideFailure({ kind: 'business', code: 30001 }));
    // A forced logout: its dialog counts down and logs out by itself; an expired login (401) waits.
    expect(deps.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: MSG.loggedInElsewhere, autoLogout: true }),
    );
    answer();
    await run;
    expect(deps.navigate).toHaveBeenCalledWith('/checklogin/index?redirect=/dashboard', { replace: true });
  });

  it('cancel still clears the dead session but stays on the page', async () => {
    const { deps, effects, answer } = setup(false);
    const run = effects.apply(decideFailure({ kind: 'http', status: 401 }));
    answer();
    await run;
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('navigates for 403/503 and toasts messages', async () => {
    const { deps, effects } = setup(true);
    await effects.apply({ type: 'navigate', to: '/503' });
    await effects.apply({ type: 'toast', message: MSG.badGateway });
    await effects.apply({ type: 'none' });
    expect(deps.navigate).toHaveBeenCalledWith('/503', { replace: false });
    expect(deps.toast).toHaveBeenCalledWith(MSG.badGateway);
    expect(deps.confirm).not.toHaveBeenCalled();
  });
});
