// Shapes of the API contract (SPEC.md §3 and §7) shared by server and web.

/** Every response body (ARCHITECTURE.md §4). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  /** Present on transport-level failures (HTTP 4xx/5xx). */
  detail?: string;
}

/** JWT payload (SPEC.md §3). */
export interface TokenPayload {
  user_id: number;
  username: string;
  email: string;
  is_service: boolean;
  level: number;
  exp: number;
  group_id: number;
  area: string;
  jti: string;
}

/** POST auth/login/ success data. */
export interface LoginData {
  token: string;
}

/** GET auth/info/ data (SPEC.md §7). */
export interface UserInfo {
  id: number;
  roles: string[];
  username: string;
  avatar: string;
  email: string;
  createTime: string;
  level: number;
  is_one_click: boolean;
  /** Site code of the account (kept in the CCW-Site cookie). */
  s: string;
}

/** GET getCusInfo data (SPEC.md §3). */
export interface CusInfo {
  company_name: string;
  is_sub: boolean;
  gid: number | null;
  level: number;
  /** ISO date-time of the plan's expiry, or null. */
  expired_time: string | null;
}

/** A node of GET auth/build/menus/ (SPEC.md §3 "Menu route"). */
export interface MenuRoute {
  id: number;
  path: string;
  name: string;
  /** 'Layout', 'ParentView', a registry key such as 'dashboard/index', or '' for an external link. */
  component: string;
  hidden: boolean;
  alwaysShow: boolean;
  redirect?: string;
  meta: { title: string; icon: string; noCache?: boolean };
  children?: MenuRoute[];
}

/** Settings the server injects into index.html (ARCHITECTURE.md §1). */
export interface RuntimeConfig {
  /** API base URL; '' means same origin. */
  apiBaseUrl: string;
  /** Main-site host, prefixed to avatars and public links. */
  mainSiteUrl: string;
  /** Websocket base URL; '' means same origin. */
  wsUrl: string;
  icp: string;
  copyright: string;
  hotline: string;
  /** Chatbot script loaded for logged-in users; '' for none. */
  chatbotScriptUrl: string;
  /** Origins allowed in the iframe area. */
  toolHosts: string[];
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'uc-runtime-config';
