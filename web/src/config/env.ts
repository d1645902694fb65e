/** Runtime configuration. The API lives on the same origin under /api. */
export const env = {
  apiBaseUrl: '/api',
  appName: 'Hirelane',
} as const;
