import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { withChunkTimeout } from '@/core/lazy';
import { FEATURE_ROUTES, REDIRECTS, publishRoutes } from './features';
import { feedNavigations } from './navigation-feed';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error-page';

/** `lazy` route loader of the shell (its own chunk). */
async function shellLayout() {
  const module = await withChunkTimeout(() => import('./layout/shell-layout'));
  return { Component: module.ShellLayout };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="helio-boot" />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      // Feature routes outside the shell (one chunk per page, the feature's locales with it).
      ...FEATURE_ROUTES.map((route): RouteObject => ({ path: route.path, lazy: async () => ({ Component: await route.load() }) })),
      ...Object.entries(REDIRECTS).map(([path, to]): RouteObject => ({ path, element: <Navigate to={to} replace /> })),
      { path: '*', lazy: shellLayout },
    ],
  },
];

export function createRouter() {
  publishRoutes();
  const router = createBrowserRouter(routes);
  feedNavigations(router);
  return router;
}
