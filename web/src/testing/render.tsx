import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';

import { createQueryClient } from '@/lib/query-client';

/** Renders routes in a memory router with a fresh query client and the toast container. */
export function renderRoutes(routes: RouteObject[], { at = '/' }: { at?: string } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer autoClose={false} limit={20} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `path`, with a stub for every other path it may navigate to. */
export function renderPage(element: ReactElement, { path = '/', at = path }: { path?: string; at?: string } = {}) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p data-testid="location">elsewhere</p> },
    ],
    { at },
  );
}
