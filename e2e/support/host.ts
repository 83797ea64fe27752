import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildRenderer } from '../../src/main/host/renderer-build';
import { serve, type RunningHost } from '../../src/main/host/serve';
import type { SecretStore } from '../../src/main/settings';

/** Options of {@link startTestHost}. */
export interface TestHostOptions {
  /** Where API keys come from (an env store with a test key). Default: this process's environment. */
  secrets?: SecretStore;
  /** A settings.json to start with (for example an endpoint, so Send is enabled). */
  settings?: unknown;
  /** The home folder the folder browser lists (a temporary one in tests). Default: the OS's. */
  home?: string;
  /**
   * The host's locale, as the page is told it. Default: none, so the browser's language decides
   * (the tests choose it per browser context), whatever the machine's LANG.
   */
  systemLanguageTags?: readonly string[];
  /** Where the first run looks for local model servers (a loopback test server). */
  localPresets?: ReadonlyArray<{ id: string; baseUrl: string }>;
  /** How the workspace index paces completion queries (one clock check per step: what each step does does not depend on the machine). */
  indexPace?: { firstMs: number; sliceMs: number };
}

/** A browser host on a fresh renderer build and a fresh user-data folder. */
export interface TestHost extends RunningHost {
  userDataDir: string;
}

/**
 * Builds the renderer from the current sources (so the test never runs a stale `out/renderer`) and
 * serves it for `workspace`.
 */
export async function startTestHost(workspace: string, options: TestHostOptions = {}): Promise<TestHost> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-e2e-host-'));
  const rendererDir = path.join(dir, 'renderer');
  const userDataDir = path.join(dir, 'user');
  await buildRenderer(rendererDir);
  if (options.settings) {
    await fs.mkdir(userDataDir, { recursive: true });
    await fs.writeFile(path.join(userDataDir, 'settings.json'), JSON.stringify(options.settings));
  }
  const host = await serve({ workspace, rendererDir, userDataDir, secrets: options.secrets, home: options.home, systemLanguageTags: options.systemLanguageTags ?? [], ...(options.localPresets ? { localPresets: options.localPresets } : {}), ...(options.indexPace ? { indexPace: options.indexPace } : {}) });
  return {
    ...host,
    userDataDir,
    async close() {
      await host.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
