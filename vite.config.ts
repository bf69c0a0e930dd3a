import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentPlugin } from './engine/vite/contentPlugin.ts';

export default defineConfig({
  plugins: [contentPlugin(), react()],
  build: {
    target: 'es2022',
    // One stylesheet for the whole site: the only render-blocking request besides the HTML.
    cssCodeSplit: false,
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
  },
  server: { port: 5173 },
});
