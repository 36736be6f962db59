import { lazy } from 'react';

/** The preview's bar (publishing, with its mutation and toasts) loads only when a preview shows. */
export const PreviewBar = lazy(() => import('./preview-bar').then((m) => ({ default: m.PreviewBar })));
