// `npm run check:imports` (part of `npm run check`): the import boundaries of decisions 018 and 065,
// checked by dependency-cruiser on the files each import resolves to (the web app's `@/` alias
// included, through apps/web/tsconfig.json), so `../../orders/x` and `@/features/x/y` are caught at
// any depth. Tests may reach inside what they test; everything else keeps to these rules.
const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB = '^apps/web/src/';
const TESTS = '([.](test|spec)[.]tsx?$|/testing/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-through-its-entry',
      comment:
        "A server module imports another module only through that module's public entry, modules/X/index.ts (decision 018).",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: `${MODULES}[^/]+/`, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index[.]ts$`] },
    },
    {
      name: 'outside-modules-through-entries',
      comment:
        'Jobs, plugins, the app and the rest of the server reach a module only through its entry, modules/X/index.ts (decision 065).',
      severity: 'error',
      from: { path: SERVER, pathNot: [MODULES, TESTS] },
      to: { path: `${MODULES}[^/]+/`, pathNot: `${MODULES}[^/]+/index[.]ts$` },
    },
    {
      name: 'shared-never-imports-features-or-app',
      comment: 'components/ and lib/ are shared: they never import features/ or app/ (decision 018).',
      severity: 'error',
      from: { path: `${WEB}(components|lib)/`, pathNot: TESTS },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'feature-never-imports-another-feature',
      comment: 'A feature never imports another feature: move what both need to components/ or lib/ (decision 018).',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'feature-never-imports-app',
      comment: 'A feature never imports app/: the app composes features, not the other way (decision 018).',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TESTS },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'feature-through-its-barrel',
      comment:
        'Outside features/, a feature is imported only through its barrel, features/X/index.ts(x) (decision 018).',
      severity: 'error',
      from: { path: WEB, pathNot: [`${WEB}features/`, TESTS] },
      to: { path: `${WEB}features/[^/]+/`, pathNot: `${WEB}features/[^/]+/index[.]tsx?$` },
    },
    {
      name: 'no-cycles',
      comment:
        'No import cycles (decision 065): a cycle makes two parts one, and their load order an accident. Type-only imports vanish at run time and a dynamic import() loads later (decision 053), so neither counts.',
      severity: 'error',
      from: { path: `(${SERVER}|${WEB}|^packages/[^/]+/src/)`, pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'no-module-cycles',
      comment:
        'No cycles between server modules or web features either (decision 065): two modules importing each other are one module in two folders, even when no single file closes the loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: `(${MODULES}|${WEB}features/)` },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach inside what they test, and share helpers that import the app: not part of the graph.
    exclude: { path: ['(^|/)dist/', '[.]d[.]ts$', TESTS] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/web/tsconfig.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
