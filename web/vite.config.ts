/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to a locally running `hirelane serve`.
const apiTarget = process.env.HIRELANE_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
      '/api-docs': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    // The manifest lets scripts/size.mjs find what /login loads initially.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Only the libraries every page needs. Heavy, page-specific ones
            // (editor, charts) must stay out so they load with their route.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|react-toastify|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Form tests type into many fields; on a busy 2-core CI machine 5 s is not enough.
    testTimeout: 30_000,
    // UTC unless the command sets TZ: npm test runs the invite time rules again in New York.
    env: { TZ: process.env.TZ ?? 'UTC' },
  },
});
