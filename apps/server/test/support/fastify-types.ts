// The decorations the server adds to Fastify (declared beside the plugins and routes that add them). The tests are
// type-checked against the server's declarations, which name a module only where its types are used, so they are
// brought in here once for every test.
import type {} from '@fastify/websocket';
import type {} from '../../src/app.js';
import type {} from '../../src/modules/commerce/routes.js';
import type {} from '../../src/modules/content/console-routes.js';
import type {} from '../../src/modules/invoices/routes.js';
import type {} from '../../src/modules/policy-items/routes.js';
import type {} from '../../src/modules/push/routes.js';
import type {} from '../../src/modules/subscriptions/routes.js';
import type {} from '../../src/modules/tickets/routes.js';
import type {} from '../../src/plugins/api-key-auth.js';
import type {} from '../../src/plugins/auth.js';
import type {} from '../../src/plugins/security.js';
import type {} from '../../src/plugins/staff-auth.js';
