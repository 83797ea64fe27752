/**
 * A silent stand-in for secretlint's profiler (`@secretlint/profiler`), which the CLI's bundle takes
 * in its place (the alias in scripts/build-cli.mjs).
 *
 * Why: `@secretlint/core` marks the start and end of every rule on every scan through one shared
 * profiler, and that profiler keeps every mark: Node's performance timeline holds them until
 * cleared, and the profiler's own observer copies each into an array it never empties. Measured:
 * 200 scans left 11,200 marks behind, so a host that scans each attached text grew for as long as
 * it ran (issue 27: a host that stays small). Atmark never reads the profile. Bundled, this stand-in
 * also spares a cold CLI the loading of `perf_hooks` (about 2 ms). Where secretlint is loaded from
 * node_modules instead (the Electron build, the development host, the tests), secretlint-scan.ts
 * silences the shared profiler before the first scan.
 */

/** The shared profiler, as secretlint's core uses it (it only marks): silent from the start. */
export const secretLintProfiler = {
  mark(_marker: { type: string; id?: string }): void {},
};
