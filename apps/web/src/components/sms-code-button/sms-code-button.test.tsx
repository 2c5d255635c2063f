import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Envelope } from '@uc/shared';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastError } from '../../lib/ui/feedback';
import { SmsCodeButton, type SmsCodeButtonHandle } from './sms-code-button';

vi.mock('../../lib/ui/feedback', () => ({ toastError: vi.fn() }));
// The captcha dialog is tested on its own: here it passes when its button is pressed.
vi.mock('../slider-captcha/slider-captcha-modal', () => import('../../test/fake-slider-captcha'));

const ok: Envelope<unknown> = { code: 200, message: '验证码已发送', data: null };

// shouldAdvanceTime: Testing Library's findBy* polls with timers of its own.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

// Names are matched at their end: while a send is pending they start with the icon's label "loading".

/** Lets promises and the lazy dialog settle under fake timers. */
async function flush() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  await act(async () => {});
}

async function requestCode() {
  fireEvent.click(screen.getByRole('button', { name: /获取验证码$/ }));
  await flush();
  fireEvent.click(await screen.findByRole('button', { name: '完成拼图' }));
  await flush();
}

function setup(
  send = vi.fn(async (): Promise<Envelope<unknown>> => ok),
  extra: Partial<Parameters<typeof SmsCodeButton>[0]> = {},
) {
  const prepare = vi.fn(async () => '13800138000');
  const onSent = vi.fn();
  const ref = createRef<SmsCodeButtonHandle>();
  render(<SmsCodeButton ref={ref} prepare={prepare} send={send} onSent={onSent} {...extra} />);
  return { prepare, send, onSent, ref };
}

describe('SmsCodeButton', () => {
  it('checks the fields first and opens no captcha when they are invalid', async () => {
    const prepare = vi.fn(async () => null);
    render(<SmsCodeButton prepare={prepare} send={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /获取验证码$/ }));
    await flush();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the captcha for the mobile and sends only after it is passed', async () => {
    const { send } = setup();
    fireEvent.click(screen.getByRole('button', { name: /获取验证码$/ }));
    await flush();
    expect(await screen.findByText('key:13800138000')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '完成拼图' }));
    await flush();
    expect(send).toHaveBeenCalledWith('13800138000');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts 60 seconds down, ignores clicks meanwhile, then is enabled again', async () => {
    const { send, prepare, onSent } = setup();
    await requestCode();
    expect(onSent).toHaveBeenCalledWith('13800138000');
    const button = screen.getByRole('button', { name: /60s后重新获取$/ });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    await flush();
    expect(prepare).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('button', { name: /59s后重新获取$/ })).toBeDisabled();
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('button', { name: /1s后重新获取$/ })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('button', { name: /获取验证码$/ })).toBeEnabled();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('on a refusal shows the server data text for 2 seconds and stays enabled', async () => {
    setup(vi.fn(async () => ({ code: 20007, message: '请求失败', data: '该手机号已注册' })));
    await requestCode();
    expect(toastError).toHaveBeenCalledWith('该手机号已注册', 2);
    expect(screen.getByRole('button', { name: /获取验证码$/ })).toBeEnabled();
  });

  it('falls back to the message when data is not text', async () => {
    setup(vi.fn(async () => ({ code: 20012, message: '请先完成拼图验证', data: null })));
    await requestCode();
    expect(toastError).toHaveBeenCalledWith('请先完成拼图验证', 2);
  });

  it('lets the screen handle a refusal itself', async () => {
    const onRefused = vi.fn(() => true);
    setup(
      vi.fn(async () => ({ code: 20005, message: '未绑定', data: null })),
      { onRefused },
    );
    await requestCode();
    expect(onRefused).toHaveBeenCalledWith({ code: 20005, message: '未绑定', data: null }, '13800138000');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a failed request shows an error and re-enables the button', async () => {
    setup(vi.fn(async () => Promise.reject(new Error('offline'))));
    await requestCode();
    expect(toastError).toHaveBeenCalledWith('验证码发送失败，请稍后重试', 2);
    expect(screen.getByRole('button', { name: /获取验证码$/ })).toBeEnabled();
  });

  it('reset() ends the countdown at once (login code 20012)', async () => {
    const { ref } = setup();
    await requestCode();
    expect(screen.getByRole('button', { name: /60s后重新获取$/ })).toBeDisabled();
    act(() => ref.current?.reset());
    expect(screen.getByRole('button', { name: /获取验证码$/ })).toBeEnabled();
  });
});
