import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back one page, or to `fallback` when this page is the first the app showed in this tab
 * (opened in a new tab or from a bookmark), where history back would leave the app or land
 * on about:blank. The router names that first entry's key 'default'.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [key, navigate, fallback]);
}
