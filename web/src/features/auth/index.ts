/** What the app shell may use from the auth feature. */
export { useLogout } from './hooks/use-logout';
export { useMe } from './api/get-me';
