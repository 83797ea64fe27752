/** The Chromium-family browsers to try, in order (`ATMARK_BROWSER` first). */
export function browserCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[];

/** The command that opens `url` as an app window, or in the default browser when no Chromium-family browser exists. */
export function appWindowCommand(options: {
  url: string;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  profileDir: string;
  exists: (file: string) => boolean;
}): { kind: 'app-window' | 'default-browser'; command: string; args: string[] };
