// The signed-in staff member: the session the server answers for the cookie, sign-in and sign-out.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_CALLS, type StaffLoginBody, type StaffPermission, type StaffSession } from '@uc/shared';
import { call } from './http';

export const sessionKey = ['staff', 'session'] as const;

/** The session of the cookie; a 401 is the caller's to handle (the guard sends it to 登录). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: () => call(STAFF_CALLS.session.me, { silent: true }),
    retry: false,
    staleTime: 60_000,
  });

export const useSession = () => useQuery(sessionQueryOptions());

export const signIn = (body: StaffLoginBody) =>
  call(STAFF_CALLS.session.login, { input: body, silent: true });

export const signOut = () => call(STAFF_CALLS.session.logout, { silent: true });

/** Whether the session's role may do this; the server decides again (403). */
export function can(session: StaffSession | undefined, permission: StaffPermission): boolean {
  return Boolean(session?.permissions.includes(permission));
}
