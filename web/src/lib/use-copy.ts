import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button says 'Copied!' (SPEC section 9). */
export const COPIED_MS = 1500;

/**
 * Copies text to the clipboard; `copied` is true for 1.5 s after, so the button can say so.
 * A clipboard the browser refuses (no permission, an insecure page) fails quietly: the text is
 * on screen to select by hand.
 */
export function useCopy(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    void navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  }, []);
  return { copied, copy };
}
