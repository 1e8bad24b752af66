import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './tools/eslint-rules/feature-boundaries.js';

/**
 * What a member reads (an error, a notice, an e-mail, a push) is worded in packages/shared/src/messages,
 * never in a server file: a refusal's or a notice's text written here in place fails.
 */
const wordingInShared = [
  {
    selector:
      'Property[key.name=/^(message|subject|title|body|content|text|label)$/] > :matches(TemplateLiteral[quasis.length>1], Literal[value=/[A-Za-z] [a-z]/])',
    message: 'Word it in packages/shared/src/messages/<feature>.ts and use it from there.',
  },
  {
    selector:
      'CallExpression[callee.name=/^(badRequest|forbidden|notFound|conflict|unauthorized|tooManyRequests)$/] > :matches(Literal, TemplateLiteral):first-child',
    message: 'Word it in packages/shared/src/messages/<feature>.ts and use it from there.',
  },
];

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
    // The server is called through the client generated from the route contract (api/endpoints),
    // never by hand: one typed call per route, its answer typed by the contract.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/endpoints/**', 'apps/web/src/lib/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/api-client',
              importNames: ['call', 'download'],
              message: 'Call the generated endpoint (api/endpoints/<resource>.ts) from api/<resource>.ts.',
            },
            {
              name: '@/lib/upload',
              importNames: ['uploadForm'],
              message: 'Call the generated endpoint (api/endpoints/<resource>.ts) from api/<resource>.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Loaded by the service worker (importScripts).
    files: ['apps/web/public/push-sw.js', 'apps/web/public/offline-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { campusrun: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'campusrun/feature-boundaries': 'error' },
  },
  {
    // The layers of docs/architecture.md, and no import cycles (type-only imports do not count).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/server/src/lib',
              from: [
                'apps/server/src/modules',
                'apps/server/src/realtime',
                'apps/server/src/http',
                'apps/server/src/seeds',
                'apps/server/src/app.ts',
                'apps/server/src/services.ts',
                'apps/server/src/context.ts',
                'apps/server/src/jobs.ts',
              ],
              message: 'lib/ is shared code: it imports no feature, gateway, HTTP step or composition root.',
            },
            {
              target: 'apps/server/src/db',
              from: 'apps/server/src',
              except: ['./db', './lib', './config.ts'],
              message: 'db/ imports only db/, lib/ and config.',
            },
            {
              target: 'apps/server/src/db',
              from: 'apps/server/scripts',
              message: 'db/ imports no command.',
            },
            {
              target: 'apps/server/src/backup',
              from: 'apps/server/src',
              except: ['./backup', './db', './lib', './config.ts'],
              message: 'backup/ imports only backup/, db/, lib/ and config.',
            },
            {
              target: 'apps/server/src/modules/**/*.{repo,policy,presenter,service}.ts',
              from: 'apps/server/src/modules/**/*.routes.ts',
              message: 'Routes call the service; nothing below them imports a route file.',
            },
            {
              target: ['apps/web/src/lib', 'apps/web/src/components'],
              from: 'apps/web/src/features',
              message: 'lib/ and components/ are shared by the features and import none of them.',
            },
            {
              target: 'apps/web/src/api',
              from: ['apps/web/src/features', 'apps/web/src/components', 'apps/web/src/app'],
              message: 'api/ holds the calls to the server for every screen: it imports only lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A size guide, the same for both apps: a function past about 120 lines (blank lines and
    // comments aside) is a prompt to look at it, not an order to cut it. Split it where it has parts
    // of its own (a header, a list, a form; a feature's events), never into pieces that only make
    // sense together; when it reads best whole, say why in a disable comment. Tests are exempt.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Every API route is declared once, in the contract (packages/shared/src/routes), and a feature
    // registers it from there: `app.route({ ...served(routes.x.y), handler })`. Its services follow
    // one shape (the last two selectors). One list: a later block would replace it for these files.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(app|scope)$/][callee.property.name=/^(get|post|put|patch|delete|head|options|all)$/]',
          message:
            'Declare the route in packages/shared/src/routes and register it with app.route({ ...served(contract) }).',
        },
        {
          selector:
            "CallExpression[callee.object.name=/^(app|scope)$/][callee.property.name='route']:not(:has(CallExpression[callee.name='served']))",
          message: 'A route is registered from its contract: app.route({ ...served(contract), handler }).',
        },
        // One function per use case, and one name for each kind of dependency (docs/architecture.md,
        // "Services: one function per use case").
        {
          selector: 'FunctionDeclaration[id.name=/Methods$/]',
          message:
            'A service is one top-level function per use case, taking its Deps first, bound once with bindUseCases (lib/use-cases.ts): no groups of methods.',
        },
        {
          selector:
            'ExportNamedDeclaration > :matches(TSInterfaceDeclaration, TSTypeAliasDeclaration)[id.name=/Deps$/]',
          message:
            "What services.ts hands a service from other features is its exported XxxPorts; what its use cases take is the module's private Deps.",
        },
        ...wordingInShared,
      ],
    },
  },
  {
    // The rest of the server words nothing itself either.
    files: ['apps/server/src/{lib,http,realtime}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wordingInShared] },
  },
  {
    files: ['apps/server/src/app.ts'],
    rules: { 'max-lines': ['error', { max: 120 }] },
  },
  {
    files: ['apps/server/src/realtime/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 200 }] },
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
