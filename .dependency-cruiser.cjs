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
      name: 'no-console-shared-to-page',
      comment: "The console's components/ and lib/ serve every page, so they import no page.",
      severity: 'error',
      from: { path: '^apps/admin/src/(lib|components)/' },
      to: { path: '^apps/admin/src/pages/' },
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
    {
      name: 'no-circular',
      comment: 'No import cycles: split the shared part out of the two modules.',
      severity: 'error',
      from: { path: '^(apps/server/src|apps/web/src|apps/admin/src|packages/shared/src)/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the checker cannot resolve would escape every rule above.',
      severity: 'error',
      from: { path: '^(apps/server/src|apps/web/src|apps/admin/src|packages/shared/src)/' },
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
