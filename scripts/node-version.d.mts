/** True when Node `version` (`v20.20.2` or `20.20.2`) is at least `minimum` (`22.12.0`). */
export function meetsMinimum(version: string, minimum: string): boolean;
/** The one sentence `npm run dist` prints on a Node too old to build installers. */
export function tooOldForInstallers(version: string, minimum: string): string;
