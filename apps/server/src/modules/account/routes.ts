// HTTP for "Account and team" (docs/api.md): one plugin registering a file per concern. The account's own data and
// avatar, re-authentication and the password, the mobile, the email link, the security page, sub-accounts, and the
// login page's policy totals.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailRoutes } from './email-routes.js';
import { mobileRoutes } from './mobile-routes.js';
import { policyCountRoutes } from './policy-count-routes.js';
import { profileRoutes } from './profile-routes.js';
import { reauthRoutes } from './reauth-routes.js';
import type { AccountRoutesOptions } from './route-common.js';
import { securityRoutes } from './security-routes.js';
import { teamRoutes } from './team-routes.js';

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  // In this order the OpenAPI document lists the calls as before the split.
  for (const routes of [
    profileRoutes,
    reauthRoutes,
    mobileRoutes,
    emailRoutes,
    securityRoutes,
    teamRoutes,
    policyCountRoutes,
  ]) {
    await app.register(routes, options);
  }
};
