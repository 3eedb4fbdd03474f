import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { withChunkTimeout } from '@/core/lazy';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error-page';

/** `lazy` route loader for a named page component (one chunk per page). */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => {
    const module = await withChunkTimeout(load);
    return { Component: module[name] as React.ComponentType };
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <div className="helio-boot" />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', lazy: page(() => import('@/features/auth/login-page'), 'LoginPage') },
      { path: '/register', lazy: page(() => import('@/features/auth/register-page'), 'RegisterPage') },
      { path: '/forgot', lazy: page(() => import('@/features/auth/forgot-page'), 'ForgotPage') },
      { path: '/lock', lazy: page(() => import('@/features/auth/lock-page'), 'LockPage') },
      { path: '/change-password', lazy: page(() => import('@/features/auth/change-password-page'), 'ChangePasswordPage') },
      { path: '/404', lazy: page(() => import('@/features/errors/error-pages'), 'NotFoundPage') },
      { path: '/403', lazy: page(() => import('@/features/errors/error-pages'), 'ForbiddenPage') },
      { path: '/500', lazy: page(() => import('@/features/errors/error-pages'), 'ServerErrorPage') },
      { path: '/home', element: <Navigate to="/home/data-center" replace /> },
      { path: '/wel', element: <Navigate to="/wel/index" replace /> },
      { path: '*', lazy: page(() => import('./layout/shell-layout'), 'ShellLayout') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
