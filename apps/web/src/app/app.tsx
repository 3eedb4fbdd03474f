import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { installDialogFocus } from '@/core/a11y/focus';
import { Providers } from '@/core/providers';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  useEffect(installDialogFocus, []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
