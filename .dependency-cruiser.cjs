/**
 * The import rules of ARCHITECTURE.md, checked in CI:
 * - contracts and domain are pure: they import nothing of the server or the web app;
 * - the web app never imports server code, and the server never imports the web app;
 * - platform knows no business module;
 * - a module is entered only through its index.ts, which exports functions, types and row sources,
 *   never tables (module-boundaries.test.ts also scans raw SQL). Named exceptions may also import
 *   other modules' *.tables.ts: a file of module-boundary-exceptions.json; a *.tables.ts (foreign
 *   keys are schema, not data access); tests and their helpers (fixtures write rows directly); the
 *   demo data (src/server/seed bulk-loads tables as a migration would);
 * - no module imports an orchestrator (accounts, checkout, fulfilment, admin, erp);
 * - a web feature imports from src/web only ui/, layout/, api/ and its own folder (contracts and
 *   domain live outside src/web); the router composes one feature's page with another's;
 * - the web layout (the page frame) knows no feature;
 * - no cycles between files here, and none between modules in scripts/check-module-cycles.ts (also run by
 *   npm run check:imports), which collapses files to their modules; both count runtime imports only.
 */
const orchestrators = '(accounts|checkout|fulfilment|admin|erp)';
// The exceptions to narrow doors: files that may still import other modules' *.tables.ts, each with
// its reason, in the one list module-boundaries.test.ts reads too (which also scans raw SQL). Its
// goal is to be empty; a listed file may import *.tables.ts of other modules and their index.ts only.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- depcruise loads its config as CommonJS
const exceptions = Object.keys(require('./src/server/module-boundary-exceptions.json'));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const listed = exceptions.length === 0 ? '^$' : `^src/server/modules/(${exceptions.map(escape).join('|')})$`;
// Schema files, tests, test helpers and the demo data may import any module's *.tables.ts (see above).
const tablesReaders = ['\\.tables\\.ts$', '\\.test\\.tsx?$', '^src/server/test/', '^src/server/seed/'];
const indexOrTables = '^src/server/modules/[^/]+/(index|[^/]+\\.tables)\\.ts$';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Type-only cycles vanish at run time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'contracts-are-pure',
      severity: 'error',
      from: { path: '^src/contracts' },
      to: { path: '^src/(server|web)' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: '^src/(server|web|contracts)' },
    },
    { name: 'web-not-server', severity: 'error', from: { path: '^src/web' }, to: { path: '^src/server' } },
    { name: 'server-not-web', severity: 'error', from: { path: '^src/server' }, to: { path: '^src/web' } },
    {
      name: 'ui-has-no-business',
      comment: 'Shared UI pieces know no feature, layout or API client.',
      severity: 'error',
      from: { path: '^src/web/ui' },
      to: { path: '^src/web/(features|layout|api)' },
    },
    {
      name: 'layout-knows-no-feature',
      comment: 'The page frame (header, footer, layout) imports from src/web only ui/, api/ and layout/.',
      severity: 'error',
      from: { path: '^src/web/layout/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'features-know-no-other-feature',
      comment: 'A web feature imports from src/web only ui/, layout/, api/ and its own folder.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/', pathNot: ['^src/web/features/$1/', '^src/web/(ui|layout|api)/'] },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      from: { path: '^src/server/platform' },
      to: { path: '^src/server/modules' },
    },
    {
      name: 'enter-modules-by-index',
      comment: "Other modules, the app and scripts may import only a module's index.ts.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: [listed, ...tablesReaders] },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'exceptions-enter-by-index-or-tables',
      comment: 'A listed exception may also import the *.tables.ts of the modules it joins, and nothing else inside.',
      severity: 'error',
      from: { path: listed },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/(index|[^/]+\\.tables)\\.ts$'],
      },
    },
    {
      name: 'outsiders-enter-modules-by-index',
      severity: 'error',
      from: { path: '^(src/server/(app|main)\\.ts|scripts|bench)' },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'schema-and-tests-enter-by-index-or-tables',
      comment:
        "A module's schema files (foreign keys) and tests may also import other modules' *.tables.ts, and nothing else inside them.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/.*(\\.tables\\.ts|\\.test\\.tsx?)$' },
      to: { path: '^src/server/modules/([^/]+)/', pathNot: ['^src/server/modules/$1/', indexOrTables] },
    },
    {
      name: 'test-helpers-and-seed-enter-by-index-or-tables',
      comment:
        'Test helpers, tests outside modules and the demo data may also import *.tables.ts, and nothing else inside a module.',
      severity: 'error',
      from: { path: '^src/server/(test|seed)/|^src/server/[^/]+\\.test\\.ts$' },
      to: { path: '^src/server/modules/[^/]+/', pathNot: indexOrTables },
    },
    {
      name: 'modules-do-not-call-orchestrators',
      severity: 'error',
      from: { path: `^src/server/modules/(?!${orchestrators}/)` },
      to: { path: `^src/server/modules/${orchestrators}/` },
    },
    {
      name: 'no-test-code-in-app',
      severity: 'error',
      from: { path: '^src/(?!.*\\.test\\.tsx?$)(?!server/test/)' },
      to: { path: '(\\.test\\.tsx?$|^src/server/test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
