import { Suspense, useEffect, useId, useState } from 'react';
import { Outlet } from 'react-router';

import { MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { PageSpinner } from '@/components/ui/spinner';
import { MOBILE_BREAKPOINT_PX } from '@/config/constants';
import { useLogout, useMe } from '@/features/auth';
import { GlobalSearch } from '@/features/search';
import { getFullName, setFullName } from '@/lib/session';

import { ConnectionBanner } from './connection-banner';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

/**
 * The protected layout: collapsible sidebar (collapsed by default under
 * 640 px), top bar with the user menu, the connection banner, and the page.
 * The shell is exactly the window: the document never scrolls, the page and
 * the sidebar's links scroll inside their own regions, so the top bar stays.
 */
export function AppShell() {
  const logout = useLogout();
  const storedName = getFullName();
  const me = useMe({ enabled: storedName !== null });
  const sidebarId = useId();
  const [collapsed, setCollapsed] = useState(isMobileWidth);

  // No stored name means no session (SPEC section 2).
  useEffect(() => {
    if (storedName === null) logout();
  }, [storedName, logout]);

  // Keep the stored name in step with the account.
  const serverName = me.data?.userFullName?.trim();
  useEffect(() => {
    if (serverName && getFullName() !== null) setFullName(serverName);
  }, [serverName]);

  // Narrowing the window below 640 px folds the sidebar away.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setCollapsed(true);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // On a phone the open sidebar covers the page: Escape closes it.
  useEffect(() => {
    if (collapsed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isMobileWidth()) setCollapsed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [collapsed]);

  if (storedName === null) return null;
  const fullName = serverName || storedName;

  const closeOnMobile = () => {
    if (isMobileWidth()) setCollapsed(true);
  };

  return (
    // Printed (a report), the page alone at its full length: no sidebar, no top bar, no scroller.
    <div className="relative flex h-full overflow-hidden print:block print:h-auto print:overflow-visible">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Sidebar id={sidebarId} collapsed={collapsed} onNavigate={closeOnMobile} />
      {!collapsed && (
        <div aria-hidden="true" onClick={() => setCollapsed(true)} className="fixed inset-0 z-30 bg-slate-900/40 sm:hidden print:hidden" />
      )}
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 bg-white px-4 sm:px-6 print:hidden">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-controls={sidebarId}
              aria-expanded={!collapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              onClick={() => setCollapsed((value) => !value)}
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <MenuIcon />
            </button>
            {/* On a phone the sidebar (and its logo) is folded away. */}
            <Logo className="sm:hidden" />
          </div>
          <div className="flex items-center gap-2 sm:gap-4">
            <GlobalSearch />
            <UserMenu fullName={fullName} email={me.data?.email} onLogout={logout} />
          </div>
        </header>
        <ConnectionBanner />
        <main
          id="main"
          tabIndex={-1}
          className="relative min-h-0 flex-1 overflow-y-auto p-4 focus:outline-none sm:p-8 print:overflow-visible print:p-0"
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

export { AppShell as Component };
