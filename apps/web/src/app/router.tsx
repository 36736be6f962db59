import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { ErrorPage } from './error-page';

// Every page is its own chunk, so the first load carries only the page it shows.
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'catalog', lazy: () => import('./routes/catalog') },
          { path: 'pricing', lazy: () => import('./routes/pricing') },
          { path: 'solutions', lazy: () => import('./routes/solutions') },
          { path: 'docs', lazy: () => import('./routes/docs') },
          { path: 'blog', lazy: () => import('./routes/blog') },
          { path: 'blog/generator', lazy: () => import('./routes/blog-generator') },
          { path: 'blog/:slug', lazy: () => import('./routes/blog-article') },
          { path: 'landing-page-generator', lazy: () => import('./routes/landing-page-generator') },
          { path: 'lp/:slug', lazy: () => import('./routes/landing-page') },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'claim/:token', lazy: () => import('./routes/claim') },
          { path: 'verify/:token', lazy: () => import('./routes/verify-email') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'reset-password/:token', lazy: () => import('./routes/reset-password') },
          { path: 'mailbox', lazy: () => import('./routes/mailbox') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      {
        lazy: () => import('./routes/app-shell'),
        children: [
          { path: 'dashboard', lazy: () => import('./routes/dashboard') },
          { path: 'orders', lazy: () => import('./routes/orders') },
          { path: 'analytics', lazy: () => import('./routes/analytics') },
          { path: 'billing', lazy: () => import('./routes/billing') },
          { path: 'settings', lazy: () => import('./routes/settings') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
