import { RouterProvider } from 'react-router';

import { setSessionExpiredHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { clearToastsOnNavigation } from '@/lib/toast';

import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

// A failed refresh has cleared the session: drop cached data and show /login.
setSessionExpiredHandler(() => {
  queryClient.clear();
  void router.navigate('/login', { replace: true });
});

// A new page clears the toasts of the last one (a new query string on the same page does not).
let shownPath = router.state.location.pathname;
router.subscribe(({ location }) => {
  if (location.pathname === shownPath) return;
  shownPath = location.pathname;
  clearToastsOnNavigation();
});

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
