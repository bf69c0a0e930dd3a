import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { validateContent } from '../../engine/content/validateContent.ts';
import { LANGUAGES, type Language } from '../../engine/shared/language.ts';
import { snapshotFrom } from '../../engine/vite/contentPlugin.ts';

const SEARCH_DATA = 'virtual:search-data-';

/**
 * The modules the engine's browser code imports from the site's build
 * (virtual:site, virtual:search-data-<language>), as the preview needs them: the site is
 * the one the editor sends with each preview (set before the engine's code
 * loads); search answers from the content on disk, in each language.
 */
function previewModules(root: string): Plugin {
  return {
    name: 'editor-preview-modules',
    resolveId(id) {
      const searchLanguage = id.startsWith(SEARCH_DATA) && LANGUAGES.includes(id.slice(SEARCH_DATA.length) as Language);
      return id === 'virtual:site' || searchLanguage ? `\0${id}` : null;
    },
    load(id) {
      if (id === '\0virtual:site') return 'export const site = globalThis.__editorPreviewSite;\nexport const pageLoaders = {};\n';
      if (id.startsWith(`\0${SEARCH_DATA}`)) {
        const language = id.slice(SEARCH_DATA.length + 1) as Language;
        const result = validateContent(root);
        const search = result.model ? snapshotFrom(result.model).search[language] : { records: [], words: [], synonyms: {}, answers: [] };
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(search))});\n`;
      }
      return null;
    },
  };
}

/** Vite in middleware mode, serving the editor's pages (editor/app) and the engine's code for the preview; never part of `npm run build`. */
export function createEditorPages(root: string): Promise<ViteDevServer> {
  return createServer({
    configFile: false,
    root: path.join(root, 'editor', 'app'),
    publicDir: path.join(root, 'public'),
    appType: 'mpa',
    logLevel: 'warn',
    clearScreen: false,
    cacheDir: path.join(root, '.cache', 'editor-vite'),
    plugins: [previewModules(root), react()],
    // Every dependency optimised before the first page loads: one found later would make Vite re-bundle and
    // refuse the modules it had already served, in the middle of someone's editing.
    optimizeDeps: {
      entries: ['index.html', 'preview.html', path.join(root, 'engine/sections/*/*.tsx')],
      include: ['react', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'minisearch'],
    },
    // No hot reload and no WebSocket server: Vite's would listen on every address, outside the editor's guards.
    server: { middlewareMode: true, hmr: false, ws: false, fs: { strict: true, allow: [root] } },
  });
}
