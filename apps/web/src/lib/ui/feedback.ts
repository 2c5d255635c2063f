// antd feedback usable outside React (the HTTP client, the session): toasts and confirm dialogs. The hosts that
// render antd's context holders mount on first need (or when a page preloads them), so the code of message
// and Modal is not part of the first paint of the login page.
import type { Modal, message } from 'antd';
import { createElement, type ReactNode } from 'react';
import { startCountdown } from './countdown';

type MessageApi = ReturnType<typeof message.useMessage>[0];
type ModalApi = ReturnType<typeof Modal.useModal>[0];

let messageApi: MessageApi | null = null;
let modalApi: ModalApi | null = null;
let requestHost: ((kind: 'message' | 'modal') => void) | null = null;
const messageWaiters: ((api: MessageApi) => void)[] = [];
const modalWaiters: ((api: ModalApi) => void)[] = [];

export function registerMessage(api: MessageApi): () => void {
  messageApi = api;
  for (const resolve of messageWaiters.splice(0)) resolve(api);
  return () => {
    if (messageApi === api) messageApi = null;
  };
}

export function registerModal(api: ModalApi): () => void {
  modalApi = api;
  for (const resolve of modalWaiters.splice(0)) resolve(api);
  return () => {
    if (modalApi === api) modalApi = null;
  };
}

/** The providers say how to mount a host. */
export function setHostRequester(request: ((kind: 'message' | 'modal') => void) | null): void {
  requestHost = request;
}

/** Mounts the hosts ahead of need (the layout does; the login page does when idle). */
export function preloadFeedback(kinds: readonly ('message' | 'modal')[] = ['message', 'modal']): void {
  for (const kind of kinds) {
    if (kind === 'message' ? !messageApi : !modalApi) requestHost?.(kind);
  }
}

function getMessage(): Promise<MessageApi | null> {
  if (messageApi) return Promise.resolve(messageApi);
  if (!requestHost) return Promise.resolve(null);
  requestHost('message');
  return new Promise((resolve) => messageWaiters.push(resolve));
}

function getModal(): Promise<ModalApi | null> {
  if (modalApi) return Promise.resolve(modalApi);
  if (!requestHost) return Promise.resolve(null);
  requestHost('modal');
  return new Promise((resolve) => modalWaiters.push(resolve));
}

type Level = 'error' | 'info' | 'success' | 'warning';

/** antd's default time on screen of a toast, in seconds. */
const TOAST_SECONDS = 3;
/** A toast is shown again in place only while this much of its time is left (ms). */
const REUSE_MARGIN_MS = 1_000;

/** Each text's toast on screen: its key, and when it is due to close (performance.now()). */
const openToasts = new Map<string, { key: string; closesAt: number }>();
let toastSerial = 0;

function toast(level: Level, text: string, seconds?: number): void {
  void getMessage().then((api) => {
    if (!api) return;
    const duration = seconds ?? TOAST_SECONDS;
    const now = performance.now();
    // Identical messages (three failed requests) show once: a toast well within its time is shown again in place,
    // its time restarted. Near its end it is left to go and a new one opens under a new key: reopened under its
    // own key, antd can let its closing timer, already due, remove the renewed toast.
    const open = openToasts.get(text);
    let key = open && open.closesAt - now > REUSE_MARGIN_MS ? open.key : undefined;
    if (key === undefined) {
      toastSerial += 1;
      key = `${text}#${toastSerial}`;
    }
    const shown = key;
    openToasts.set(text, { key: shown, closesAt: now + duration * 1000 });
    api[level]({
      content: text,
      key: shown,
      duration,
      onClose: () => {
        if (openToasts.get(text)?.key === shown) openToasts.delete(text);
      },
    });
  });
}

export const toastError = (text: string, seconds?: number) => toast('error', text, seconds);
export const toastSuccess = (text: string, seconds?: number) => toast('success', text, seconds);
export const toastWarning = (text: string, seconds?: number) => toast('warning', text, seconds);
export const toastInfo = (text: string, seconds?: number) => toast('info', text, seconds);

export interface ConfirmOptions {
  title: string;
  content: string;
  okText?: string;
  cancelText?: string;
  type?: 'warning' | 'confirm';
  /** Runs on OK before the dialog closes (the OK button shows a spinner meanwhile). */
  onOk?: () => Promise<void> | void;
  /**
   * The dialog answers OK by itself after `seconds`; the seconds left show under the content, in `text`.
   * Cancel stops the count.
   */
  autoConfirm?: AutoConfirm;
}

export interface AutoConfirm {
  seconds: number;
  text: (secondsLeft: number) => string;
}

/** The content, with the seconds left under it: a timer that screen readers announce only when asked. */
function withCountdown(content: string, text: string): ReactNode {
  return createElement(
    'div',
    null,
    createElement('p', { style: { margin: 0 } }, content),
    createElement(
      'p',
      { role: 'timer', 'data-testid': 'dialog-countdown', style: { margin: '8px 0 0', color: '#cf1322' } },
      text,
    ),
  );
}

/** A success notice with one button, resolving once it is closed (at once when no UI is mounted). */
export async function successDialog(options: {
  title: string;
  content: string;
  okText?: string;
}): Promise<void> {
  const modal = await getModal();
  if (!modal) return;
  return new Promise((resolve) => {
    modal.success({
      title: options.title,
      content: options.content,
      okText: options.okText ?? '确定',
      onOk: () => resolve(),
      onCancel: () => resolve(),
    });
  });
}

/** A confirm dialog resolving to true on OK, false on cancel (or when no UI is mounted). */
export async function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const modal = await getModal();
  if (!modal) return false;
  const { autoConfirm } = options;
  return new Promise((resolve) => {
    let stopCountdown = () => {};
    const confirm = async () => {
      stopCountdown();
      await options.onOk?.();
      resolve(true);
    };
    const dialog = modal.confirm({
      title: options.title,
      content: autoConfirm
        ? withCountdown(options.content, autoConfirm.text(autoConfirm.seconds))
        : options.content,
      okText: options.okText ?? '确定',
      cancelText: options.cancelText ?? '取消',
      ...(options.type === 'warning' ? { type: 'warning' as const } : {}),
      onOk: confirm,
      onCancel: () => {
        stopCountdown();
        resolve(false);
      },
    });
    if (autoConfirm) {
      stopCountdown = startCountdown(autoConfirm.seconds, {
        onTick: (left) => dialog.update({ content: withCountdown(options.content, autoConfirm.text(left)) }),
        onDone: () => {
          void confirm().finally(() => dialog.destroy());
        },
      });
    }
  });
}
