/**
 * Toasts for the whole app. The unstyled build is used with the stylesheet
 * bundled in main.tsx, so nothing injects <style> tags at run time (which a
 * strict Content-Security-Policy would block).
 */
export { toast } from 'react-toastify/unstyled';
