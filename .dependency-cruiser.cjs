// Import boundaries, checked by `npm run lint` (dependency-cruiser). Each workspace is cruised with its own
// tsconfig (`--ts-config`), so `@uc/shared` resolves through its `source` export and the server's `.js`
// specifiers resolve to the `.ts` files beside them.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      comment:
        'A web feature does not import another feature: lift the shared piece to components/, lib/ or hooks/, ' +
        'so a feature can be deleted as one folder.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-feature-to-app',
      comment: 'app/ composes the features; a feature does not import app/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'no-shared-web-to-feature-or-app',
      comment: 'lib/ and components/ serve every feature, so they import neither features/ nor app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'no-cross-console-page',
      comment:
        'The console is built as the member app is: a page folder does not import another page; a piece two ' +
        'pages use moves to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/admin/src/pages/([^/]+)/' },
      to: { path: '^apps/admin/src/pages/', pathNot: '^apps/admin/src/pages/$1/' },
    },
    {
      name: 'no-console-page-to-app',
      comment: "app/ composes the console's pages; a page does not import app/.",
      severity: 'error',
      from: { path: '^apps/admin/src/pages/' },
      to: { path: '^apps/admin/src/app/' },
    },
    {
      name: 'no-console-shared-to-page',
      comment: "The console's components/ and lib/ serve every page, so they import neither a page nor app/.",
      severity: 'error',
      from: { path: '^apps/admin/src/(lib|components)/' },
      to: { path: '^apps/admin/src/(pages|app)/' },
    },
    {
      name: 'no-package-to-app',
      comment: 'packages/ serve the apps: a package imports no app (what it needs of one, the app hands in).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-shared-to-client',
      comment:
        '@uc/shared is read by the server too: it imports nothing of the React client package @uc/client.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/client/' },
    },
    {
      name: 'no-foreign-repo',
      comment:
        "A server module talks to another module through its service, never through that module's repo.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/(repo|[^/]+-repo)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'no-foreign-presenter',
      comment:
        'A module presents its own data; a shape two modules answer with is a contract in packages/shared.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/(presenter|[^/]+-presenter)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'no-server-lib-to-module',
      comment: 'lib/ holds helpers every module may use; it imports no module.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/modules/' },
    },
    // apps/server/src is layered, top to bottom: main.ts and app.ts (they compose everything), modules/, plugins/ and
    // providers/, db/, config.ts and errors.ts, lib/. A file imports only its own layer and the layers below it; the
    // rules below forbid each import that would run back up.
    {
      name: 'no-server-module-to-app',
      comment: 'main.ts and app.ts compose the modules; a module imports neither.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'no-server-plugin-to-module',
      comment:
        'plugins/ and providers/ sit below the modules: what a plugin needs of a module it declares as a narrow ' +
        'interface (or a type the module fills in by declaration merging, plugins/auth.ts `SignedInUser`), and ' +
        'app.ts hands the module in.',
      severity: 'error',
      from: { path: '^apps/server/src/(plugins|providers)/' },
      to: { path: '^apps/server/src/(modules/|(app|main)\\.ts$)' },
    },
    {
      name: 'no-server-provider-to-plugin',
      comment:
        'A provider (payment, SMS, mail) is a gateway the plugins and modules use; it imports no plugin.',
      severity: 'error',
      from: { path: '^apps/server/src/providers/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'no-server-db-up',
      comment:
        'db/ (connection, migrations, seed) sits below the modules, plugins and providers: the seed writes with its ' +
        'own SQL in a *-repo.ts of its own, or through what db/ holds for every writer (customer-summaries-repo.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/((modules|plugins|providers)/|(app|main)\\.ts$)' },
    },
    {
      name: 'no-server-config-up',
      comment:
        'config.ts and errors.ts are read by every layer above lib/; they import nothing of the server but lib/.',
      severity: 'error',
      from: { path: '^apps/server/src/(config|errors)\\.ts$' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/lib/' },
    },
    {
      name: 'no-server-lib-up',
      comment:
        'lib/ is the ground: it imports nothing of the server outside lib/ (not config.ts: a helper takes the ' +
        "setting's value as a parameter, lib/public-url.ts), so every layer may use it.",
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/(lib|modules)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles: split the shared part out of the two modules.',
      severity: 'error',
      from: { path: '^(apps/server/src|apps/web/src|apps/admin/src|packages/(shared|client)/src)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the checker cannot resolve would escape every rule above.',
      severity: 'error',
      from: { path: '^(apps/server/src|apps/web/src|apps/admin/src|packages/(shared|client)/src)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    // Type-only imports count too: a cycle or a reach into another feature through types is still coupling.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@uc/source', 'import', 'types', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
