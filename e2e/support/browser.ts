import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); never a downloaded browser. */
export const CHROMIUM = process.env.ATMARK_CHROMIUM ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet, offline and working as root in a container. */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

/** Launches headless Chromium; throws a sentence saying how to install it when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}; install it with "apt-get install -y chromium" (or set ATMARK_CHROMIUM).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
