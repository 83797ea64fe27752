// Which Node a part of Atmark needs: the command line and the tests run on Node 20.19 or later
// (package.json `engines`); building the installers needs Node 22.12 or later (package.json
// `config.installersNode`), because Electron's packaging tools (electron, @electron/get,
// @electron/rebuild, node-abi) require it. `npm run dist` checks before it starts.

/** True when Node `version` (`v20.20.2` or `20.20.2`) is at least `minimum` (`22.12.0`). */
export function meetsMinimum(version, minimum) {
  const parse = (v) => v.replace(/^v/, '').split(/[.-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);
  const have = parse(version);
  const want = parse(minimum);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== (want[i] ?? 0)) return (have[i] ?? 0) > (want[i] ?? 0);
  }
  return true;
}

/** The one sentence `npm run dist` prints on a Node too old to build installers. */
export function tooOldForInstallers(version, minimum) {
  const shown = minimum.replace(/^>=\s*/, '').replace(/\.0$/, '');
  return `Building Atmark's installers needs Node ${shown} or later (Electron's packaging tools require it), and this is Node ${version.replace(/^v/, '')}: the command line and the tests run on it, but for \`npm run dist\` install Node ${shown} or later.`;
}
