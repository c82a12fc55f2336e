// The JavaScript linter (make lint): ESLint's recommended rules, with each file's globals.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'pwa/engine/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  {
    rules: {
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
    },
  },
  { files: ['pwa/static/js/**/*.js'], languageOptions: { sourceType: 'module', globals: globals.browser } },
  // The service worker and its parts (classic scripts sharing one scope: each names what it
  // takes from the others in a /* global */ comment, and what it gives in /* exported */).
  { files: ['pwa/static/sw.js', 'pwa/static/sw/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker, Go: 'readonly' } } },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module', globals: { ...globals.node, ...globals.browser } } },
];
