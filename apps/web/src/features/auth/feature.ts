/** Sign-in, registration, password recovery, the lock screen and the first-password change: pages outside the shell. */
import { WEBSITE } from '@/core/config';
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  // `login`, `forgot`: needed the moment /login opens, so they ship with the entry chunk.
  locales: import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
  routes: [
    { path: WEBSITE.loginPage, titleKey: 'login.title', page: page(() => import('./login-page'), 'LoginPage') },
    { path: '/register', titleKey: 'register.title', page: page(() => import('./register-page'), 'RegisterPage') },
    { path: '/forgot', titleKey: 'forgot.title', page: page(() => import('./forgot-page'), 'ForgotPage') },
    { path: WEBSITE.lockPage, titleKey: 'lock.title', page: page(() => import('./lock-page'), 'LockPage') },
    // Needs the session, but opens outside the shell (the guard sends a signed-out visitor to sign in).
    {
      path: WEBSITE.changePasswordPage,
      titleKey: 'info.firstPassword.title',
      page: page(() => import('./change-password-page'), 'ChangePasswordPage'),
    },
  ],
});
