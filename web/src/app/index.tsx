import { RouterProvider } from 'react-router';

import { setSessionExpiredHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

// A failed refresh has cleared the session: drop cached data and show /login.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
