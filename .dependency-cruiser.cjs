/**
 * The layers of the project, checked by `npm run lint` (dependency-cruiser):
 * no import cycles; the browser bundle never reaches build, server or Node
 * code; the server uses only engine/shared and the generated types; section
 * folders keep to themselves; scripts/ and tests/ do not import each other;
 * the content editor (editor/, a local tool for staff) is no part of the site.
 */
const BROWSER_ENTRY = '^engine/entry-client\\.tsx$';
const TESTS = '\\.test\\.tsx?$|^tests/';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Modules that import each other, directly or round a loop.', from: {}, to: { circular: true } },
    {
      name: 'browser-reaches-no-build-code',
      severity: 'error',
      comment: 'What the page loads must not pull in the content pipeline, the server or scripts.',
      from: { path: BROWSER_ENTRY },
      to: { path: '^(engine/(content|vite)|server|codegen|scripts|tooling|tests)/', reachable: true },
    },
    {
      name: 'browser-code-uses-no-node',
      severity: 'error',
      comment: 'Components, layout and runtime run in the browser: no Node built-ins.',
      from: { path: '^engine/(runtime|layout|ui|search|sections/[^/]+/[A-Z][^/]*\\.tsx$|App\\.tsx|entry-client)', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-uses-shared-engine-code-only',
      severity: 'error',
      comment: 'The server may use engine/shared and the generated types, nothing else of the engine.',
      from: { path: '^server/' },
      to: { path: '^engine/', pathNot: '^engine/(shared/|types\\.ts$|generated/content\\.ts$)' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'engine/shared is what the browser, the build and the server all use: it depends on none of them.',
      from: { path: '^engine/shared/' },
      to: { path: '^(engine/(?!shared/|types\\.ts$|generated/content\\.ts$)|server/|scripts/|codegen/)' },
    },
    {
      name: 'section-folders-keep-to-themselves',
      severity: 'error',
      comment: "A section type is its folder: it does not reach into another type's folder.",
      from: { path: '^engine/sections/([^/]+)/' },
      to: { path: '^engine/sections/[^/]+/', pathNot: '^engine/sections/$1/' },
    },
    {
      name: 'site-does-not-reach-the-editor',
      severity: 'error',
      comment: 'The editor is a local tool (npm run edit): the site, its server, its build and its scripts never import it.',
      from: { path: '^(engine|server|scripts|codegen)/' },
      to: { path: '^editor/' },
    },
    {
      name: 'editor-pages-use-no-node',
      severity: 'error',
      comment: "The editor's pages run in the browser: no Node built-ins, nothing of the servers or the build (types shared with its server are fine).",
      from: { path: '^editor/app/' },
      to: {
        path: '^(editor/server|server|scripts|engine/vite)/|^engine/content/(?!schemaWalker\\.ts$|problems\\.ts$|problemWords\\.ts$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'editor-pages-import-no-node-builtins',
      severity: 'error',
      from: { path: '^editor/(app|protocol)/' },
      to: { dependencyTypes: ['core'] },
    },
    { name: 'scripts-do-not-import-tests', severity: 'error', from: { path: '^scripts/' }, to: { path: '^tests/' } },
    { name: 'tests-do-not-import-scripts', severity: 'error', from: { path: '^tests/' }, to: { path: '^scripts/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|\\.cache)/' },
    // Type-only imports count: a cycle of types is still two modules that cannot be read apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
