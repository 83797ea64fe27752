import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; e2e specs (browser, through the browser host) live in e2e/.
// The JSON report is what .ci/run counts for its closing `N passed, N failed` line.
// The timeouts are bounds for a hung test on a busy machine (the suite must pass beside three
// CPU-bound processes: npm run test:busy), never speed claims; speed is measured in bench/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.spec.ts', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll without a timeout of its own waits this long (vitest's default is 1 s).
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
