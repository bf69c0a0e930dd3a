/**
 * The layers of the project, checked by `npm run lint` (dependency-cruiser):
 * no import cycles; the browser bundle (the page's entry and search's worker)
 * never reaches build, server or Node code, and no browser code imports the
 * build: search and SEO are split into the browser's halves (engine/search,
 * engine/seo) and the build's (engine/content/search, engine/content/seo);
 * the server uses only engine/shared and the generated types; section folders
 * and collection definitions keep to themselves; scripts/ and tests/ do not
 * import each other; the content editor (editor/, a local tool for
 * staff) is no part of the site; nothing imports a file outside the project
 * (engine/shared is inside it: engine/api's '../shared' is engine/shared).
 * The server is a folder per feature (server/features/<feature>/): only the
 * app registers features, a feature uses another only through its index.ts,
 * repositories reach only the database layer, and the shared layers (db,
 * mail, limits, security, http, errors, settings) import nothing above them.
 * The release store (releases/) sits beside the server, the build and the
 * editor, which all use it, and only through releases/index.ts; it imports
 * nothing of theirs, and none of the three reaches into another: the build
 * and the editor read the server's settings (server/settings.ts, the one
 * place DIST_DIR and PUBLIC_URL are parsed) and nothing else of it, and the
 * server imports nothing of the build or the editor.
 */
// The page's entry, and search's worker, which the page starts by its address (new Worker(new URL(…))), not by an import.
const BROWSER_ENTRY = '^engine/(entry-client\\.tsx|search/search\\.worker\\.ts)$';
/** What runs in the browser: the runtime, layout, shared pieces, the API client, search's and SEO's browser halves, section components. */
const BROWSER_CODE = '^engine/(runtime|layout|ui|api|search|seo)/|^engine/sections/[^/]+/[A-Z][^/]*\\.tsx$|^engine/(entry-client|devPage|stylesheets)\\.tsx?$';
const TESTS = '\\.test\\.tsx?$|^tests/';
/** The build: its scripts (every one but those that run the server itself: start, the bench, the PDF screenshots), the content pipeline and the Vite plugin. */
const BUILD = '^(scripts/(?!start\\.ts$|bench/|certificatePdfScreenshots\\.ts$)|engine/(content|vite)/|vite\\.config\\.ts$)';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Modules that import each other, directly or round a loop.', from: {}, to: { circular: true } },
    {
      name: 'browser-reaches-no-build-code',
      severity: 'error',
      comment:
        "What the page (or search's worker) loads must not pull in the content pipeline (search's and SEO's build halves among it), the server, the release store or scripts.",
      from: { path: BROWSER_ENTRY },
      to: { path: '^(engine/(content|collections|vite)|server|releases|codegen|scripts|tooling|tests)/', reachable: true },
    },
    {
      name: 'browser-code-imports-no-build-half',
      severity: 'error',
      comment:
        "Search and SEO are split: the browser's halves (engine/search, engine/seo) and the build's (engine/content/search, engine/content/seo). Browser code imports nothing of the build, not even a type or a module no page loads yet.",
      from: { path: BROWSER_CODE, pathNot: TESTS },
      to: { path: '^engine/(content|collections|vite)/' },
    },
    {
      name: 'browser-code-uses-no-node',
      severity: 'error',
      comment: 'Components, layout, runtime, the API client and the browser halves of search and SEO run in the browser: no Node built-ins.',
      from: { path: BROWSER_CODE, pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-uses-shared-engine-code-only',
      severity: 'error',
      comment: 'The server may use engine/shared and the generated types, nothing else of the engine.',
      from: { path: '^server/' },
      to: { path: '^engine/', pathNot: '^engine/(shared/|types\\.ts$|generated/(content|enquiryStatuses)\\.ts$)' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'engine/shared is what the browser, the build and the server all use: it depends on none of them.',
      from: { path: '^engine/shared/' },
      to: { path: '^(engine/(?!shared/|types\\.ts$|generated/(content|enquiryStatuses)\\.ts$)|server/|scripts/|codegen/)' },
    },
    {
      name: 'section-folders-keep-to-themselves',
      severity: 'error',
      comment: "A section type is its folder: it does not reach into another type's folder.",
      from: { path: '^engine/sections/([^/]+)/' },
      to: { path: '^engine/sections/[^/]+/', pathNot: '^engine/sections/$1/' },
    },
    {
      name: 'sections-and-shared-pieces-do-not-reach-up-into-the-layout',
      severity: 'error',
      comment: "A section and the shared pieces of engine/ui sit inside the page's layout: they never import it (what both use lives in engine/ui).",
      from: { path: '^engine/(sections|ui)/' },
      to: { path: '^engine/layout/' },
    },
    {
      name: 'collection-definitions-keep-to-themselves',
      severity: 'error',
      comment:
        'A collection of data/ is its definition (engine/collections/<name>.ts): build-time facts that use the content pipeline, not another collection, the browser code or the server.',
      from: { path: '^engine/collections/' },
      to: { path: '^(engine/(collections|runtime|layout|ui|sections|search|seo|vite)/|server/|scripts/|editor/)' },
    },
    {
      name: 'site-does-not-reach-the-editor',
      severity: 'error',
      comment: 'The editor is a local tool (npm run edit): the site, its server, its build and its scripts never import it.',
      from: { path: '^(engine|server|scripts)/' },
      to: { path: '^editor/' },
    },
    {
      name: 'codegen-reads-only-the-editors-route-catalogue',
      severity: 'error',
      comment: "Codegen types the editor's routes from its catalogue (plain data, as the site's is) and imports nothing else of the editor.",
      from: { path: '^codegen/' },
      to: { path: '^editor/', pathNot: '^editor/protocol/editorRoutes\\.ts$' },
    },
    {
      name: 'editor-pages-use-no-node',
      severity: 'error',
      comment:
        "The editor's pages run in the browser: no Node built-ins, nothing of the servers or the build (types shared with its server are fine); of the build's content modules, only those that are plain functions over values (the schema walker, the problem words, a translation file's format and how far it is).",
      from: { path: '^editor/app/' },
      to: {
        path: '^(editor/server|server|releases|scripts|engine/vite)/|^engine/content/(?!schemaWalker\\.ts$|problems\\.ts$|problemWords\\.ts$|translation/translationFiles\\.ts$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'editor-pages-import-no-node-builtins',
      severity: 'error',
      from: { path: '^editor/(app|protocol)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-the-app-registers-features',
      severity: 'error',
      comment: "A feature's routes.ts is its Fastify plugin: only server/app.ts registers it.",
      from: { pathNot: '^server/app\\.ts$' },
      to: { path: '^server/features/[^/]+/routes\\.ts$' },
    },
    {
      name: 'features-use-each-other-through-their-index',
      severity: 'error',
      comment: 'A feature reaches another only through its index.ts (what it offers), never into its routes, service or repository.',
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/[^/]+/', pathNot: ['^server/features/$1/', '^server/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'the-rest-of-the-server-uses-features-through-their-index',
      severity: 'error',
      comment:
        'The command line and the app use a feature through its index.ts (the app also registers its routes.ts); so do the scripts that run the server (start, the bench, the PDF screenshots).',
      from: { path: '^(server|scripts)/', pathNot: '^server/features/' },
      to: { path: '^server/features/[^/]+/', pathNot: '^server/features/[^/]+/(index|routes)\\.ts$' },
    },
    {
      name: 'route-files-do-not-import-each-other',
      severity: 'error',
      comment: "A feature's routes.ts gathers its route files; a route file never imports another (what two share is a module of its own).",
      from: { path: '^server/features/[^/]+/[^/]*[Rr]outes\\.ts$', pathNot: '^server/features/[^/]+/routes\\.ts$' },
      to: { path: '^server/features/[^/]+/[^/]*[Rr]outes\\.ts$' },
    },
    {
      name: 'repositories-reach-only-the-database',
      severity: 'error',
      comment:
        "A repository is the only code that writes SQL, and it needs nothing of the server but the database layer (and its feature's other repositories).",
      from: { path: '^server/features/([^/]+)/[a-zA-Z.]*repository\\.ts$' },
      to: { path: '^server/', pathNot: ['^server/db/', '^server/features/$1/[a-zA-Z.]*repository\\.ts$'] },
    },
    {
      name: 'shared-server-layers-import-nothing-above-them',
      severity: 'error',
      comment:
        'The database, mail, limits, security, HTTP plumbing, errors and settings are used by features; they never import a feature, the app or a command.',
      from: { path: '^server/(db|mail|limits|security|http|pdf)/|^server/(errors|settings|siteSettings|csv)\\.ts$' },
      to: { path: '^server/(features|cli)/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'the-database-layer-stands-alone',
      severity: 'error',
      comment: 'server/db/ is the bottom of the server: it imports nothing else of it.',
      from: { path: '^server/db/' },
      to: { path: '^server/', pathNot: '^server/db/' },
    },
    {
      name: 'features-do-not-import-the-app-or-commands',
      severity: 'error',
      from: { path: '^server/features/' },
      to: { path: '^server/cli/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'site-does-not-reach-the-console',
      severity: 'error',
      comment:
        'The staff console (staff/) is its own bundle: the public pages, the engine, the server and the build never import its code or its words (the build names its folder, it imports nothing of it).',
      from: { path: '^(engine|server|scripts|codegen|editor)/' },
      to: { path: '^staff/' },
    },
    {
      name: 'console-uses-only-shared-engine-code',
      severity: 'error',
      comment:
        "The console's pages run in the browser and talk to the server only through the route catalogue: engine/shared and the generated types, nothing else of the engine, the server, the build or Node.",
      from: { path: '^staff/' },
      to: { path: '^(engine/(?!shared/|types\\.ts$|generated/)|server/|scripts/|codegen/|editor/|tooling/|tests/)' },
    },
    { name: 'console-uses-no-node', severity: 'error', from: { path: '^staff/' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'release-store-stands-alone',
      severity: 'error',
      comment:
        'The release store (releases/) is what the build, the server and the editor share about releases: it uses Node and nothing of theirs, nor of the engine.',
      from: { path: '^releases/' },
      to: { pathNot: '^(releases|node_modules)/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'release-store-through-its-entry',
      severity: 'error',
      comment: 'The build, the server, the editor and the tests use the release store through releases/index.ts, never its reading.ts or switching.ts.',
      from: { pathNot: '^releases/' },
      to: { path: '^releases/', pathNot: '^releases/index\\.ts$' },
    },
    {
      name: 'build-and-editor-use-only-the-servers-settings',
      severity: 'error',
      comment:
        "The build (scripts/, engine/content, engine/vite) and the content editor read the server's settings (where DIST_DIR and PUBLIC_URL are parsed, so all three agree) and nothing else of it: releases are the release store's.",
      from: { path: [BUILD, '^editor/'] },
      to: { path: '^server/', pathNot: '^server/settings\\.ts$' },
    },
    {
      name: 'server-does-not-reach-the-build',
      severity: 'error',
      comment: 'The server answers from what the build wrote (through the release store); it imports nothing of the build, its scripts or codegen.',
      from: { path: '^server/' },
      to: { path: '^(scripts|codegen|tooling)/|^vite\\.config\\.ts$' },
    },
    {
      name: 'editor-does-not-reach-into-the-build-scripts',
      severity: 'error',
      comment:
        "The editor's Publish runs npm run build in a process of its own; it imports nothing of scripts/ (the content pipeline in engine/content is the editor's to use).",
      from: { path: '^editor/' },
      to: { path: '^scripts/' },
    },
    { name: 'scripts-do-not-import-tests', severity: 'error', from: { path: '^scripts/' }, to: { path: '^tests/' } },
    { name: 'tests-do-not-import-scripts', severity: 'error', from: { path: '^tests/' }, to: { path: '^scripts/' } },
    // Reference material may sit beside a checkout (../shared); a plain clone has nothing there, so nothing may import it.
    {
      name: 'nothing-outside-the-project',
      severity: 'error',
      comment: 'An import that leaves the project folder (such as ../shared beside it): a plain clone has nothing there.',
      from: {},
      to: { path: '^\\.\\./' },
    },
    {
      name: 'every-relative-import-resolves',
      severity: 'error',
      comment: 'An import of a file that does not exist (packages and virtual: modules are left to TypeScript and Vite).',
      from: {},
      to: { couldNotResolve: true, path: '^\\.' },
    },
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
