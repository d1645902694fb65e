import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = [
  'auth',
  'dashboard',
  'jobs',
  'candidates',
  'interviews',
  'voice',
  'invite',
  'application',
  'pipeline',
  'search',
  'reports',
];

// Toasts come from '@/lib/toast' (the unstyled build), never the self-styling default entry.
const toastRestriction = {
  name: 'react-toastify',
  message: "Import toast from '@/lib/toast' (unstyled build; styles are bundled).",
};

/**
 * API calls go through `api` in src/lib/api-client.ts (openapi-fetch over the generated paths):
 * a type argument would name an answer by hand, and a raw fetch checks nothing.
 */
const apiCallRestrictions = [
  {
    selector: 'CallExpression[callee.type="MemberExpression"][callee.object.name="api"][typeArguments]',
    message: "Call the typed client without a type argument: api.GET('/path', { params }) answers the documented type.",
  },
  {
    selector:
      'CallExpression[callee.name="fetch"], CallExpression[callee.property.name="fetch"][callee.object.name=/^(window|globalThis|self)$/]',
    message: 'Call the API through `api` from @/lib/api-client (typed paths, refresh on 401), not fetch.',
  },
];

/** The features of the teamwork pages: scorecards, the activity feed, the team and settings. */
const teamworkFeatures = ['scorecards', 'activity', 'team', 'settings'];

/** Features do not import each other; shared code flows components/lib → features → app. */
const featureBoundaries = [...features, ...teamworkFeatures].map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [toastRestriction],
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app', '@/app/**'],
            message: 'Features must not import other features or the app layer.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'e2e/screenshots', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      'no-restricted-imports': ['error', { paths: [toastRestriction] }],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [toastRestriction],
          patterns: [{ group: ['@/features/**', '@/app/**', '@/app'], message: 'Shared code must not import features or the app layer.' }],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/**/*.{ts,tsx}'],
    // The client module is the network edge; tests stub fetch rather than call it.
    ignores: ['src/lib/api-client.ts', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...apiCallRestrictions] },
  },
  {
    files: ['vite.config.ts', 'playwright.config.ts', 'playwright.screens.config.ts', 'e2e/**/*.ts', 'screens/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    // Playwright fixtures call `use`, which is not React's hook.
    rules: { 'no-console': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
