import type { CommandIO } from './expand-command';
import { UsageError } from './text';

/** `atmark serve`: wired to the browser host once it lands (issue 4). */
export async function serveCommand(_args: string[], _io: CommandIO): Promise<number> {
  throw new UsageError('"atmark serve" is not available in this build yet: use "atmark expand"');
}
