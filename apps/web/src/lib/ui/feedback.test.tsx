import { render, screen } from '@testing-library/react';
import type { Modal, ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_COUNTDOWN, logoutCountdownText } from '../session/logout-countdown';
import { confirmDialog, registerMessage, registerModal, toastError } from './feedback';

type ModalApi = ReturnType<typeof Modal.useModal>[0];
type MessageApi = Parameters<typeof registerMessage>[0];

/** A stand-in for antd's modal API that keeps the last dialog's props and renders its content. */
function fakeModal() {
  const state: { props: ModalFuncProps | null; destroyed: boolean } = { props: null, destroyed: false };
  const confirm = vi.fn((props: ModalFuncProps) => {
    state.props = props;
    return {
      destroy: () => {
        state.destroyed = true;
      },
      update: (next: ModalFuncProps) => {
        state.props = { ...state.props, ...next };
      },
    };
  });
  const api = { confirm } as unknown as ModalApi;
  return { api, state };
}

function showContent(content: ReactNode) {
  return render(<div>{content}</div>);
}

let unregister = () => {};
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  unregister();
  vi.useRealTimers();
});

describe('confirmDialog with a countdown (forced logout)', () => {
  it('counts 6 seconds down under the message and answers OK by itself at 0', async () => {
    const { api, state } = fakeModal();
    unregister = registerModal(api);
    const answer = confirmDialog({
      title: '下线通知',
      content: '账号已在别处登录了',
      okText: '重新登录',
      autoConfirm: LOGOUT_COUNTDOWN,
    });
    await vi.waitFor(() => expect(state.props).not.toBeNull());
    const view = showContent(state.props?.content);
    expect(screen.getByText('账号已在别处登录了')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('6 秒后自动退出');
    view.unmount();

    vi.advanceTimersByTime(1_000);
    const five = showContent(state.props?.content);
    expect(screen.getByRole('timer')).toHaveTextContent(logoutCountdownText(5));
    five.unmount();

    vi.advanceTimersByTime(4_000);
    const one = showContent(state.props?.content);
    expect(screen.getByRole('timer')).toHaveTextContent('1 秒后自动退出');
    one.unmount();

    vi.advanceTimersByTime(1_000);
    await expect(answer).resolves.toBe(true);
    expect(state.destroyed).toBe(true);
  });

  it('cancel stops the count: no answer of OK later', async () => {
    const { api, state } = fakeModal();
    unregister = registerModal(api);
    const answer = confirmDialog({ title: '系统提示', content: 'x', autoConfirm: LOGOUT_COUNTDOWN });
    await vi.waitFor(() => expect(state.props).not.toBeNull());
    state.props?.onCancel?.();
    await expect(answer).resolves.toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(state.destroyed).toBe(false);
  });

  it('pressing OK before the end runs onOk once', async () => {
    const { api, state } = fakeModal();
    unregister = registerModal(api);
    const onOk = vi.fn();
    const answer = confirmDialog({ title: '下线通知', content: 'x', onOk, autoConfirm: LOGOUT_COUNTDOWN });
    await vi.waitFor(() => expect(state.props).not.toBeNull());
    vi.advanceTimersByTime(2_000);
    await state.props?.onOk?.();
    await expect(answer).resolves.toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});

describe('toasts', () => {
  /** A stand-in for antd's message API that keeps what each call asked for. */
  function fakeMessage() {
    const shown: { key: string; content: string; onClose?: () => void }[] = [];
    const error = vi.fn((config: { key: string; content: string; onClose?: () => void }) => {
      shown.push(config);
    });
    return { api: { error } as unknown as MessageApi, shown };
  }

  it('shows a text again in place well within its time, and under a new key near its end or once closed', async () => {
    const { api, shown } = fakeMessage();
    unregister = registerMessage(api);
    toastError('登录失败次数过多');
    toastError('登录失败次数过多');
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]?.key).toBe(shown[0]?.key);

    // 2.5 of its 3 seconds later its closing timer may already be due: a new toast of its own.
    vi.advanceTimersByTime(2_500);
    toastError('登录失败次数过多');
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown[2]?.key).not.toBe(shown[0]?.key);
    expect(shown[2]?.content).toBe('登录失败次数过多');

    // The first one closing does not forget the new one on screen; once that one closes, another key again.
    shown[0]?.onClose?.();
    toastError('登录失败次数过多');
    await vi.waitFor(() => expect(shown).toHaveLength(4));
    expect(shown[3]?.key).toBe(shown[2]?.key);
    shown[3]?.onClose?.();
    toastError('登录失败次数过多');
    await vi.waitFor(() => expect(shown).toHaveLength(5));
    expect(shown[4]?.key).not.toBe(shown[2]?.key);
  });
});
