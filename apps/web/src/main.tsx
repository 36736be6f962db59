import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRouter, loadRoutesFor } from './app/router';
import './index.css';
import { loadAppRuntimeOnIntent } from './app/runtime';
import { readServerData } from './lib/server-data';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = () => (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/build.mjs), or rendered by the server with their data
// (/blog with its posts, a post, a landing page): React takes over their HTML instead of redrawing
// it. Every other page starts from the empty app shell.
loadAppRuntimeOnIntent(document);
readServerData(document);
// A page the server sent as plain HTML for crawlers and first paint (plugins/dynamic-pages.ts,
// when it cannot render the app's markup) is not React's markup: render over it.
if (root.hasChildNodes() && !root.querySelector('[data-server-page]')) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page.
  loadRoutesFor(window.location.pathname).then(() => startTransition(() => void hydrateRoot(root, app())));
} else {
  createRoot(root).render(app());
}
