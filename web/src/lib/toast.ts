/**
 * Toasts for the whole app. The unstyled build is used with the stylesheet
 * bundled in main.tsx, so nothing injects <style> tags at run time (which a
 * strict Content-Security-Policy would block).
 *
 * Two rules on top of react-toastify: a message already on screen is not shown
 * twice (its id is its type and text), and a route change clears what the
 * previous page said, so no stale "Invalid OTP…" greets the dashboard.
 */
import { toast as base } from 'react-toastify/unstyled';
import type { Id, ToastContent, ToastOptions, TypeOptions } from 'react-toastify/unstyled';

export type AppToastOptions = ToastOptions & {
  /**
   * Survive the next route change: for the message of an action that then navigates
   * ("Job Description created successfully!" on the way to /folders).
   */
  keepOnNavigation?: boolean;
};

type Kind = Exclude<TypeOptions, 'default'>;

/** Toasts shown since the last route change, and whether each survives the next one. */
const shown = new Map<Id, { keep: boolean }>();

function show(kind: Kind) {
  return (message: ToastContent, { keepOnNavigation = false, ...options }: AppToastOptions = {}): Id => {
    const toastId = base[kind](message, {
      ...options,
      toastId: options.toastId ?? (typeof message === 'string' ? `${kind}:${message}` : undefined),
    });
    shown.set(toastId, { keep: keepOnNavigation });
    return toastId;
  };
}

export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  /** Closes one toast, or every toast without an id. */
  dismiss(id?: Id) {
    if (id === undefined) shown.clear();
    else shown.delete(id);
    base.dismiss(id);
  },
};

/**
 * Called on each route change: closes what the previous page showed, except toasts
 * marked `keepOnNavigation`, which last through this one change only.
 */
export function clearToastsOnNavigation(): void {
  for (const [id, entry] of shown) {
    if (entry.keep) {
      entry.keep = false;
    } else {
      shown.delete(id);
      base.dismiss(id);
    }
  }
}
