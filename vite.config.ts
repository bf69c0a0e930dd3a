import { createHash } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { type ContentSnapshot, contentPlugin } from './engine/vite/contentPlugin.ts';

/** The top-level rules of a minified stylesheet (a rule, or an at-rule with its block), in order. */
function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = css.indexOf(c, i + 1);
    else if (c === '{') depth++;
    else if ((c === '}' && --depth === 0) || (c === ';' && depth === 0)) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < css.length) rules.push(css.slice(start));
  return rules;
}

/**
 * The rules of a part's stylesheet once: a part whose code the browser loads (an island) has its stylesheet brought in
 * by that code and again by engine/stylesheets.ts, which gathers every part's; the same rules, written twice.
 */
function stylesheetOnce(): Plugin {
  return {
    name: 'stylesheet-once',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css') || typeof file.source !== 'string') continue;
        // The last of each: the minifier has already dropped the earlier of two equal plain rules, so keeping the first
        // of two equal @media blocks would put a part's wide-screen rules before its plain ones, which then win (seen:
        // the payment's QR code hidden at 1280 px). Dropping the earlier of two equal rules never changes the cascade.
        const rules = topLevelRules(file.source);
        const last = new Map(rules.map((rule, i) => [rule, i]));
        file.source = rules.filter((rule, i) => last.get(rule) === i).join('');
      }
    },
  };
}

/** The site's Vite setup; `npm run build` passes the content it has validated, so nothing is validated twice. */
export function siteConfig(content?: ContentSnapshot): UserConfig {
  return {
    plugins: [contentPlugin(content ? { content } : {}), react(), stylesheetOnce()],
    css: {
      modules: {
        // A class is named by its file and name alone (not by how the file was asked for), so the prerendered HTML, the
        // islands and the stylesheet that gathers every part's rules (engine/stylesheets.ts) all name it the same.
        generateScopedName(name, filename) {
          const file = path.relative(process.cwd(), filename.split('?')[0]!).split(path.sep).join('/');
          return `_${name}_${createHash('sha256').update(file).digest('base64url').slice(0, 5)}`;
        },
      },
    },
    // Site search runs in a worker, which imports the search index the content plugin serves.
    worker: { format: 'es', plugins: () => [contentPlugin(content ? { content } : {})] },
    build: {
      target: 'es2022',
      // One stylesheet for the whole site: the only render-blocking request besides the HTML.
      cssCodeSplit: false,
      manifest: true,
      // The page (index.html), and a second entry no page loads that brings every part's stylesheet into that one
      // stylesheet, also of the sections whose code never reaches the browser (engine/stylesheets.ts).
      rollupOptions: { input: { index: 'index.html', stylesheets: 'engine/stylesheets.ts' } },
      // npm run build gives each release its own folder (dist/.staging/<id>/client, then dist/releases/<id>); a bare
      // `vite build` writes here, never into dist/client, which is the release being served.
      outDir: 'dist/vite-build',
      emptyOutDir: true,
    },
    server: { port: 5173 },
  };
}

export default defineConfig(siteConfig());
