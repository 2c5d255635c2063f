// The session in memory (docs/requirements.md §3 "User (stored state)"): zustand store plus its local transitions.
import type { MenuRoute, TokenPayload, UserInfo } from '@uc/shared';
import { createStore, useStore } from 'zustand';
import { runtimeConfig } from '../runtime-config';
import { clearSessionCookies, getToken } from './cookies';
import { broadcastSession } from './session-channel';
import { resolveAvatar } from './token';

export const GUEST_NAME = '游客';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  avatar: string;
  createTime: string;
  /** The token's is_service flag (field name as in the original product). */
  isSerive: boolean;
  level: number;
  roles: string[];
  /** Site code of the account. */
  s: string;
  /** The token's group_id (the push channel of the account). */
  gid: number;
  is_one_click: boolean;
}

/** Whether the user info and menus of the current token have been fetched. */
export type BootState = 'idle' | 'loading' | 'ready' | 'failed';

export interface AuthState extends SessionUser {
  token: string;
  /** The server menu tree of this session; null until fetched. */
  menus: MenuRoute[] | null;
  boot: BootState;
}

const EMPTY_USER: SessionUser = {
  id: 0,
  name: '',
  email: '',
  avatar: '',
  createTime: '',
  isSerive: false,
  level: 0,
  roles: [],
  s: '',
  gid: 0,
  is_one_click: false,
};

function initialState(): AuthState {
  return { ...EMPTY_USER, token: getToken(), menus: null, boot: 'idle' };
}

const store = createStore<AuthState>(() => initialState());
// A server render and the hydration of its HTML read a store through its "initial state": make that the state the
// session has then (adopted from the page's answers on both sides), not the empty one it was created with, so the
// server draws the member's page and the browser hydrates it as drawn.
store.getInitialState = store.getState;

/** The session store: a hook over a selection (zustand's `useStore`), with the store's methods. */
export const useAuthStore = Object.assign(
  <T>(selector: (state: AuthState) => T): T => useStore(store, selector),
  store,
);

/** Login: the old token and roles go, the new token's payload fills the user. */
export function applyToken(token: string, payload: TokenPayload): void {
  useAuthStore.setState({
    ...EMPTY_USER,
    token,
    id: payload.user_id,
    name: payload.username,
    email: payload.email,
    isSerive: payload.is_service,
    level: payload.level,
    gid: payload.group_id,
    roles: [],
    menus: null,
    boot: 'idle',
  });
}

/** Fills the user from GET auth/info/ and stores the menu tree. */
export function applyUserInfo(info: UserInfo, menus: MenuRoute[]): void {
  useAuthStore.setState({
    id: info.id,
    name: info.username,
    email: info.email ?? '',
    avatar: resolveAvatar(info.avatar, runtimeConfig().mainSiteUrl),
    createTime: info.createTime ?? '',
    level: Number(info.level ?? 0),
    roles: Array.isArray(info.roles) ? info.roles : [],
    s: info.s ?? '',
    is_one_click: Boolean(info.is_one_click),
    menus,
    boot: 'ready',
  });
}

export function setBootState(boot: BootState): void {
  useAuthStore.setState({ boot });
}

const clearedListeners = new Set<() => void>();

/** Caches holding the previous user's data (the query client) register here to be emptied on logout. */
export function onLocalSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/**
 * Clears everything local: cookies (token, user, id, site, city), the store and cached server data.
 * Never calls the server, so it works when the server is unreachable or answers 401. A login replacing the
 * session passes `keepCity` (docs/requirements.md §4: only logout clears the city).
 */
export function clearLocalSession(options: { broadcast?: boolean; keepCity?: boolean } = {}): void {
  clearSessionCookies({ keepCity: options.keepCity ?? false });
  useAuthStore.setState({ ...EMPTY_USER, token: '', menus: null, boot: 'idle' });
  for (const listener of clearedListeners) listener();
  if (options.broadcast !== false) broadcastSession({ type: 'logout' });
}

/** Test hook. */
export function resetAuthStore(): void {
  useAuthStore.setState(initialState(), true);
}
