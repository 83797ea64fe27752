import { DEFAULT_LIMITS, type Limits } from '../src/shared/limits';
import { createEngineCaches, type EngineCaches, type EngineContext } from '../src/main/engine/caches';

/** Options of {@link makeContext}; everything has a test-friendly default. */
export interface TestContextOptions {
  limits?: Partial<Limits>;
  grants?: Iterable<string>;
  signal?: AbortSignal;
  home?: string;
  allowHosts?: readonly string[];
  caches?: EngineCaches;
  now?: () => Date;
}

/**
 * A resolver context over the real folder `root` for tests: default limits (overridable), no
 * grants, a home folder that does not exist (so `~/` never reaches the tester's own), a frozen clock.
 */
export function makeContext(root: string, options: TestContextOptions = {}): EngineContext {
  return {
    workspaceRoot: root,
    home: options.home ?? '/home/atmark-test-nobody',
    grants: new Set(options.grants ?? []),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    signal: options.signal ?? new AbortController().signal,
    now: options.now ?? (() => new Date('2025-01-02T03:04:05.000Z')),
    caches: options.caches ?? createEngineCaches(),
    allowHosts: options.allowHosts ?? [],
  };
}
