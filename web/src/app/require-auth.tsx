import { useEffect, useReducer, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { refreshSession } from '@/lib/api-client';
import { clearSession, getRefreshToken, hasValidSession } from '@/lib/session';

/**
 * The route guard (SPEC section 2): a token in local or session storage and an
 * unexpired `tokenExpiry` are needed, else /login. Checked on every
 * navigation and whenever another tab changes storage. When only the access token has lapsed and a refresh token is
 * stored, one refresh is tried first, so a recruiter is not signed out while
 * the refresh token is still good.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [refreshFailed, setRefreshFailed] = useState(false);

  const valid = hasValidSession();
  const tryRefresh = !valid && !refreshFailed && getRefreshToken() !== null;

  // Another tab signing out (or in) changes storage: check again at once.
  useEffect(() => {
    const onStorage = () => rerender();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!tryRefresh) return;
    let cancelled = false;
    void refreshSession().then((refreshed) => {
      if (cancelled) return;
      if (refreshed && hasValidSession()) {
        rerender();
      } else {
        clearSession();
        setRefreshFailed(true);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [tryRefresh, location.key]);

  if (valid) return children ?? <Outlet />;
  if (tryRefresh) return <PageSpinner label="Restoring your session…" />;
  return <Navigate to={paths.login} replace />;
}
