// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      'test-output/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      'no-console': 'error',
    },
  },
  {
    // The packages are ES modules, loaded by Node through `import` and `require(esm)` alike:
    // no CommonJS globals (use `heraldRequire` / `createRequire(import.meta.url)`), and no
    // top-level await, which `require(esm)` refuses (ERR_REQUIRE_ASYNC_MODULE).
    files: ['libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'require',
          message:
            'ES module: use heraldRequire (@herald/contracts/internal) or createRequire(import.meta.url).',
        },
        {
          name: '__dirname',
          message: 'ES module: use fileURLToPath(new URL(".", import.meta.url)).',
        },
        { name: '__filename', message: 'ES module: use fileURLToPath(import.meta.url).' },
        { name: 'exports', message: 'ES module: use export.' },
        { name: 'module', message: 'ES module: use export.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > ExpressionStatement > AwaitExpression',
          message: 'No top-level await: require(esm) cannot load it.',
        },
        {
          selector: 'Program > VariableDeclaration AwaitExpression',
          message: 'No top-level await: require(esm) cannot load it.',
        },
        {
          selector: 'Program > ForOfStatement[await=true]',
          message: 'No top-level await: require(esm) cannot load it.',
        },
      ],
    },
  },
  {
    files: ['apps/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', '**/*.spec.ts', '**/testing/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
