/** The body of the CHANGELOG.md section for `version` (`v1.2.3` or `1.2.3`), or null. */
export function releaseNotes(changelog: string, version: string): string | null;
