/**
 * A silent stand-in for the `debug` package, which the CLI's bundle gives secretlint's core in its
 * place (the alias in scripts/build-cli.mjs). secretlint's core is the bundle's only user of `debug`,
 * for its own tracing under `DEBUG=@secretlint/*`, which Atmark never turns on; the real package
 * loads Node's `tty` (and through it `net` and its streams) to choose colours, about 2 ms of every
 * cold `atmark expand` (issue 27: the cold CLI).
 */

/** A logger that logs nothing, with the properties callers of `debug` read. */
export interface SilentDebugger {
  (...args: unknown[]): void;
  enabled: boolean;
  namespace: string;
  extend(suffix: string): SilentDebugger;
}

/** `debug(namespace)`: a logger that is never enabled. */
export default function createDebug(namespace: string): SilentDebugger {
  const log = (() => undefined) as unknown as SilentDebugger;
  log.enabled = false;
  log.namespace = namespace;
  log.extend = (suffix) => createDebug(`${namespace}:${suffix}`);
  return log;
}
