import './styles/tokens.css';
import './styles/base.css';
import { site } from 'virtual:site';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { loadPage } from './runtime/pageStore.ts';
import type { PreloadedData } from './runtime/preloaded.tsx';
import { matchPage } from './runtime/routes.ts';
import { PRELOADED_DATA_ID } from './shared/pageHtml.ts';

async function start(): Promise<void> {
  // The prerendered page is hydrated only once its content and section code are here, so nothing suspends or mismatches.
  const { pageId } = matchPage(site, window.location.pathname);
  await loadPage(pageId).catch((error: unknown) => console.error(error));
  const container = document.getElementById('root')!;
  const preloaded = JSON.parse(document.getElementById(PRELOADED_DATA_ID)?.textContent || '{}') as PreloadedData;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App preloaded={preloaded} />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
