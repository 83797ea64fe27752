import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; e2e specs (browser, through the browser host) live in e2e/.
// The JSON report is what .ci/run counts for its closing `N passed, N failed` line.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.spec.ts', 'scripts/**/*.test.ts', 'build/**/*.test.ts', 'fuzz/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
