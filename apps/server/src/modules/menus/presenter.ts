// Response schema of a menu node (docs/requirements.md §3 "Menu route"), recursive.
import type { MenuRoute } from '@uc/shared';
import { z } from 'zod';

export const menuRouteSchema: z.ZodType<MenuRoute> = z
  .object({
    id: z.number(),
    path: z.string(),
    name: z.string(),
    component: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    redirect: z.string().optional(),
    meta: z.object({ title: z.string(), icon: z.string(), noCache: z.boolean().optional() }),
    get children() {
      return z.array(menuRouteSchema).optional();
    },
  })
  .meta({ id: 'MenuRoute' });
