import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api/types';

/**
 * Ends the session on the server (its access and refresh tokens stop working everywhere). The
 * request takes the stored token when it starts, so the caller may clear the session right
 * after; a failure only means the tokens run out on their own.
 */
export function logoutOnServer(): Promise<void> {
  return api.post<ApiSchema<'LoggedOut'>>('/auth/logout').then(
    () => undefined,
    (error: unknown) => console.error('Logout on the server failed', error),
  );
}
