// The menu tree of GET auth/build/menus/ (docs/requirements.md §3 "Menu route"), from which the web app builds its routes.
import { z } from 'zod';

/** A node of the menu tree, recursive (named MenuRoute in the OpenAPI document). */
export const menuRouteSchema = z
  .object({
    id: z.number(),
    path: z.string(),
    name: z.string(),
    /** 'Layout', 'ParentView', a registry key such as 'dashboard/index', or '' for an external link. */
    component: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    redirect: z.string().optional(),
    meta: z.object({ title: z.string(), icon: z.string(), noCache: z.boolean().optional() }),
    // The annotation lets TypeScript infer the recursive type; the reference stays the named schema, so the OpenAPI
    // document refers to MenuRoute at every depth.
    get children(): z.ZodOptional<z.ZodArray<typeof menuRouteSchema>> {
      return z.array(menuRouteSchema).optional();
    },
  })
  .meta({ id: 'MenuRoute' });
export type MenuRoute = z.infer<typeof menuRouteSchema>;
