import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';

import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@/config/constants';
import { queryClient } from '@/lib/query-client';

/** App-wide providers: data cache and toasts (4 s, at most 20 at once). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={TOAST_LIMIT} newestOnTop />
    </QueryClientProvider>
  );
}
