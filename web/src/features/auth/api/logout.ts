import { ApiError, api, data } from '@/lib/api-client';
import { getToken } from '@/lib/session';

/**
 * Ends the session on the server (its access and refresh tokens stop working everywhere). The
 * request takes the stored token when it starts, so the caller may clear the session right
 * after. Without a token there is nothing to end; a 401 means it had already ended; any other
 * failure only means the tokens run out on their own.
 */
export function logoutOnServer(): Promise<void> {
  if (!getToken()) return Promise.resolve();
  return data(api.POST('/auth/logout')).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return;
      console.error('Logout on the server failed', error);
    },
  );
}
