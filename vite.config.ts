import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { type ContentSnapshot, contentPlugin } from './engine/vite/contentPlugin.ts';

/** The site's Vite setup; `npm run build` passes the content it has validated, so nothing is validated twice. */
export function siteConfig(content?: ContentSnapshot): UserConfig {
  return {
    plugins: [contentPlugin(content ? { content } : {}), react()],
    // Site search runs in a worker, which imports the search index the content plugin serves.
    worker: { format: 'es', plugins: () => [contentPlugin(content ? { content } : {})] },
    build: {
      target: 'es2022',
      // One stylesheet for the whole site: the only render-blocking request besides the HTML.
      cssCodeSplit: false,
      manifest: true,
      // npm run build gives each release its own folder (dist/.staging/<id>/client, then dist/releases/<id>); a bare
      // `vite build` writes here, never into dist/client, which is the release being served.
      outDir: 'dist/vite-build',
      emptyOutDir: true,
    },
    server: { port: 5173 },
  };
}

export default defineConfig(siteConfig());
