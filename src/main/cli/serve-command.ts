import type { CommandIO } from './expand-command';
import { translate } from '../../shared/i18n/translate';
import { CLI_TEXT, UsageError } from './text';

/**
 * How long stopping may take before the command returns anyway. The draft is written first, so
 * what is cut short is only the closing of threads that the process's exit ends too.
 */
const STOP_DEADLINE_MS = 800;

/**
 * How long after the API has loaded the command says its code is warm (`CommandIO.codeWarm`): by
 * then the page has connected and asked for its first answers, and writing the code cache (a few
 * ms on this thread) no longer competes with the start.
 */
const CODE_WARM_AFTER_MS = 3000;

/**
 * `atmark serve [--workspace DIR] [--port N] [--open]`: the browser host (src/main/host), until
 * SIGINT (Ctrl+C) or SIGTERM. Returns 0 once the host closed (its caller, bin/atmark.cjs, then
 * exits); a second signal while stopping returns at once.
 */
export async function serveCommand(args: string[], io: CommandIO): Promise<number> {
  const options: { workspace?: string; port?: number; open?: boolean } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === '--open') {
      options.open = true;
    } else if (arg === '--workspace' && value) {
      options.workspace = value;
      i++;
    } else if (arg === '--port' && value && /^\d{1,5}$/.test(value) && Number(value) <= 65535) {
      options.port = Number(value);
      i++;
    } else throw new UsageError(CLI_TEXT.serveArgument(String(arg)));
  }
  const { serve } = await import('../host');
  const { resolve } = await import('node:path');
  const say = (message: Parameters<typeof translate>[0]) => translate(message, io.language ?? 'en');
  // API keys typed in the browser go to the system keychain where there is one (else memory).
  const running = await serve({
    ...options,
    workspace: options.workspace ? resolve(io.cwd, options.workspace) : undefined,
    // Loaded once the host listens: the keychain's store is not needed to serve the page.
    loadSecrets: () => import('../settings/keychain-secrets').then(({ createKeychainSecretStore }) => createKeychainSecretStore()),
  });
  io.stdout(`${say(CLI_TEXT.serving(running.url))}\n`);
  // The page is served before the API has loaded (see serve()): an API that cannot load ends the
  // command with its error instead of leaving a page that never connects.
  const signal = nextSignal();
  void running.ready.then(
    () => setTimeout(() => io.codeWarm?.(), CODE_WARM_AFTER_MS).unref(),
    () => undefined,
  );
  await Promise.race([
    signal,
    running.ready.then(
      () => signal,
      async (error: unknown) => {
        await running.close();
        throw error;
      },
    ),
  ]);
  io.stderr(`${say(CLI_TEXT.stopping)}\n`);
  const outcome = await Promise.race([
    running.close().then(() => 'closed' as const),
    nextSignal().then(() => 'again' as const),
    new Promise<'slow'>((done) => setTimeout(() => done('slow'), STOP_DEADLINE_MS).unref()),
  ]);
  if (outcome === 'slow') io.stderr(`${say(CLI_TEXT.stopSlow)}\n`);
  return 0;
}

/** Resolves on the next SIGINT or SIGTERM, removing both listeners. */
function nextSignal(): Promise<void> {
  return new Promise((done) => {
    const on = () => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      done();
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}
