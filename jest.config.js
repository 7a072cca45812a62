/**
 * Two projects: `unit` (specs beside the code) and `e2e` (cross-package tests
 * under test/). Both compile TypeScript with SWC, keeping decorator metadata so
 * Nest's dependency injection works exactly as in the built libraries.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
const moduleNameMapper = {
  // ES module sources import siblings as './x.js'; Jest resolves the .ts file.
  '^(\\.{1,2}/.*)\\.js$': '$1',
  '^@herald/(contracts|observability|monitor|notification|inbox-client)$': '<rootDir>/libs/$1/src',
  '^@herald/(contracts|monitor|notification)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/libs/.*/dist', '<rootDir>/apps/.*/dist'],
};
module.exports = {
  testTimeout: 30000,
  // A worker that has grown past this after a test file is replaced by a fresh
  // one: the demo's `memory.heap` liveness check (1 GiB) measures the process it
  // runs in, which in a test is the long-lived Jest worker.
  workerIdleMemoryLimit: '640MB',
  // Two workers on the 2-core CI machine: most suites wait on PostgreSQL, Redis, Chromium or a
  // child process, and every suite keeps to its own schema, key prefix and ports.
  maxWorkers: 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/libs/**/src/**/*.spec.ts', '<rootDir>/apps/**/src/**/*.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};
