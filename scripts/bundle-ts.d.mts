// Types of bundle-ts.mjs, for the TypeScript that calls it (tests, the extraction worker's
// from-sources fallback).
export function bundleForNode(entry: string, outfile: string, options?: { sourcemap?: boolean | 'inline'; logLevel?: 'warning' | 'error' }): Promise<void>;
