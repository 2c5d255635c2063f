// Role names, apart from the zod schemas of users.ts: the web's entry reads them and must not load zod to do so.
/**
 * The role names of auth/info's `roles`: every member has member; vip from level 20, sub for a sub-account, service
 * for a service account. The server derives them (users/presenter.ts), the web reads them (lib/access.ts).
 */
export const ROLE = { member: 'member', vip: 'vip', sub: 'sub', service: 'service' } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
