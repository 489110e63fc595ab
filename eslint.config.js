import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // A feature never imports another feature: what two features share lives in components/, lib/ or the
  // contract. Going up as many folders as a file is deep inside features/<x>/ lands in features/, so any
  // import that climbs that far and then names a folder is another feature's.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[^./]`,
              message:
                'A feature never imports another feature: move the shared code to components/ or lib/.',
            },
            { regex: '/features/', message: 'A feature never imports another feature.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,stores}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '/features/', message: 'Shared code never imports a feature.' }] },
      ],
    },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'scripts/**/*.mjs',
      'deploy/**/*.mjs',
      'e2e/**/*.ts',
      'bench/**/*',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
);
