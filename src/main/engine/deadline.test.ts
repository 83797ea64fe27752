import { describe, expect, it } from 'vitest';
import { KIND_DESCRIPTORS, REFERENCE_KINDS } from '../../shared/kinds';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { deadlineFor } from './deadline';

describe('deadlineFor', () => {
  it("gives each kind its descriptor's limit, and the kinds that read documents the document clock's backstop", () => {
    const limits = { ...DEFAULT_LIMITS, gitTimeoutMs: 1_000, urlTimeoutMs: 2_000, folderTimeoutMs: 3_000 };
    const tenMinutes = 600_000;
    const got = Object.fromEntries(REFERENCE_KINDS.map((k) => [k, deadlineFor(KIND_DESCRIPTORS[k], limits)]));
    expect(got).toEqual({ file: tenMinutes, folder: 3_000, diff: 1_000, staged: 1_000, git: 1_000, url: 2_000 + tenMinutes, result: 3_000, image: tenMinutes });
    // A file read slower than the document clock keeps its own limit.
    expect(deadlineFor(KIND_DESCRIPTORS.file, { ...limits, folderTimeoutMs: tenMinutes + 1 })).toBe(tenMinutes + 1);
  });
});
