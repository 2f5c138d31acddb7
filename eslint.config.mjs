// ESLint for the whole workspace: typescript-eslint's recommended rules, React hooks in the web app, and Nx module
// boundaries read from the project tags (project.json): libraries depend on nothing but each other and no framework,
// the web app never imports the API and the API never imports the web app.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRAMEWORKS = [
  '@nestjs/*',
  '@mikro-orm/*',
  'react',
  'react-dom',
  'react-router',
  '@react-router/*',
  'express',
  'stripe',
  'openai',
  'googleapis',
  'bullmq',
  'pg',
];

/** Imports of the web app's routes, which components and libs may not make (issue 27). */
const WEB_ROUTES = ['~/routes', '~/routes/**', '**/routes', '**/routes/**'];
const WEB_ROUTES_MESSAGE =
  'Components and libs import nothing from routes; move what both need to app/lib or the component beside its route.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/build/**',
      'apps/web/.cache/**',
      'apps/web/.react-router/**',
      'apps/web/public/**',
      '.nx/**',
      '.data/**',
      'tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Boundaries between the projects' own code; tests may also use the shared helpers in tools/testing.
    files: ['apps/api/src/**/*.ts', 'apps/web/app/**/*.{ts,tsx}', 'libs/*/src/**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], bannedExternalImports: FRAMEWORKS },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:contracts'],
              bannedExternalImports: FRAMEWORKS,
            },
            {
              sourceTag: 'scope:api',
              onlyDependOnLibsWithTags: ['scope:shared'],
              bannedExternalImports: ['react', 'react-dom', 'react-router', '@react-router/*'],
            },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:shared'],
              bannedExternalImports: ['@nestjs/*', '@mikro-orm/*'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    // The two classic hook rules; the React Compiler rules of v7 would ask for a rewrite the app does not need.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Shared components import nothing from routes: a component only one route uses lives beside it in its folder.
    files: ['apps/web/app/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: WEB_ROUTES, message: WEB_ROUTES_MESSAGE }] }],
      // Nor do they read a route's loader data by its id: the route passes what they need as props.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useRouteLoaderData'] > Literal[value=/^routes\\//]",
          message: 'A shared component reads no route’s loader data: take it as a prop from the route that renders it.',
        },
      ],
    },
  },
  {
    // Libs serve routes and components alike: they import neither.
    files: ['apps/web/app/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: WEB_ROUTES, message: WEB_ROUTES_MESSAGE },
            { group: ['~/components', '~/components/**', '**/components/**'], message: 'A lib imports no component.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.commonjs } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.e2e.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  prettier,
);
