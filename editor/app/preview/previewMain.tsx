/**
 * The preview frame: the engine's own layout and section components render the
 * page the editor sends (a page resolved by the build's code). The engine's code
 * is loaded once the first page has arrived, since its modules read the site's
 * settings when they load.
 */
import '../../../engine/styles/tokens.css';
import '../../../engine/styles/base.css';
import type { Preview } from '../../protocol/types.ts';

declare global {
  var __editorPreviewSite: unknown;
}

window.addEventListener('message', async (event: MessageEvent<{ type?: string; preview?: Preview }>) => {
  if (event.origin !== window.location.origin || event.source !== window.parent || event.data?.type !== 'render' || !event.data.preview) return;
  globalThis.__editorPreviewSite ??= event.data.preview.site;
  const { renderPreview } = await import('./renderPreview.tsx');
  await renderPreview(event.data.preview);
  window.parent.postMessage({ type: 'rendered', path: event.data.preview.page.path }, window.location.origin);
});

window.parent.postMessage({ type: 'ready' }, window.location.origin);
