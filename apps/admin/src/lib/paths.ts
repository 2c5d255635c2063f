// The console's own paths (under the router's /admin/ basename).
export const LOGIN_PATH = '/login';

/** What a page hands to 登录: the session ended (show why), and where to return after signing in. */
export interface LoginState {
  expired?: boolean;
  from?: string;
}
