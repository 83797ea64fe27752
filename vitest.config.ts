import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; e2e specs run under the same runner but need a browser,
// so they get longer timeouts in their own files.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
