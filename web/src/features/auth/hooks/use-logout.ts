import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';

import { logoutOnServer } from '../api/logout';

/**
 * Signs out: ends the session on the server, clears the stored session, cached data and the
 * session's toasts (none greets the sign-in page), then shows /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void logoutOnServer();
    clearSession();
    queryClient.clear();
    toast.dismiss();
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
