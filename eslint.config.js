import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './tools/eslint-rules/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Loaded by the service worker.
    files: ['apps/web/public/push-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { campusrun: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'campusrun/feature-boundaries': 'error' },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '@campusrun/server', '@campusrun/web'],
              message: 'shared imports nothing from the apps or Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/scripts/**',
      '**/bench/**',
      '**/*.config.*',
      '**/build.mjs',
      '**/e2e/**',
      '**/test/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/src/server.ts',
      'apps/server/src/seeds/seed.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
