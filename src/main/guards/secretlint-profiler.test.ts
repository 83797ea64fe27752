import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { secretlintSpans } from './secretlint-scan';

describe("secretlint's profiler", () => {
  it('leaves no mark behind, however many texts are scanned', async () => {
    const before = performance.getEntriesByType('mark').length;
    // A token of the classic GitHub shape that looks random, so the scan reports it.
    const token = `ghp_${'k3J9qLx2Vb7TzR4mNw8YcP1hDs6FgA0eUo5i'}`;
    for (let i = 0; i < 20; i++) await secretlintSpans(`token ${token} number ${i}\n`);
    expect((await secretlintSpans(`export GITHUB_TOKEN=${token}\n`)).length).toBeGreaterThan(0); // it still scans
    expect(performance.getEntriesByType('mark').length).toBe(before);
  });
});
