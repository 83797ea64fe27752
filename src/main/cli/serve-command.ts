import type { CommandIO } from './expand-command';
import { translate } from '../../shared/i18n/translate';
import { CLI_TEXT, UsageError } from './text';

/** `atmark serve [--workspace DIR] [--port N] [--open]`: the browser host (src/main/host), until Ctrl+C. */
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
  const { serve } = await import('../host/serve');
  const { resolve } = await import('node:path');
  const { createKeychainSecretStore } = await import('../settings/keychain-secrets');
  // API keys typed in the browser go to the system keychain where there is one (else memory).
  const running = await serve({
    ...options,
    workspace: options.workspace ? resolve(io.cwd, options.workspace) : undefined,
    secrets: createKeychainSecretStore(),
  });
  io.stdout(`${translate(CLI_TEXT.serving(running.url), io.language ?? 'en')}\n`);
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await running.close();
  return 0;
}
