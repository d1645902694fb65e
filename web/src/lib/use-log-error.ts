import { useEffect } from 'react';

/**
 * Logs a failed fetch once per error (SPEC section 8: fetch failures are logged, while the
 * page says in its own words what it could not show). `null` or `undefined` logs nothing.
 */
export function useLogError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
