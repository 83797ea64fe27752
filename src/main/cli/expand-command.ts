import { parseArgs } from 'node:util';
import { createEngine, EngineSetupError } from '../engine';
import { CLI_TEXT, UsageError } from './text';

/** What `atmark expand` needs from its surroundings, so tests can run it in-process. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  cwd: string;
}

/**
 * `atmark expand [--workspace DIR] [--context-length TOKENS] [--grant FILE]... [--allow-host HOST[:PORT]]...
 * [--json] MESSAGE`. Prints the expanded message, or with `--json` the whole result. Exit 0 on
 * success (warnings or not), 1 when the hard limit stopped attaching, 2 on a usage error.
 */
export async function expandCommand(args: string[], io: CommandIO): Promise<number> {
  const options = parseExpandArgs(args);
  const message = options.message === '-' ? await io.readStdin() : options.message;
  let engine;
  try {
    engine = createEngine({
      workspace: options.workspace ?? io.cwd,
      contextLength: options.contextLength,
      grants: options.grants,
      allowHosts: options.allowHosts,
    });
  } catch (err) {
    if (err instanceof EngineSetupError) throw new UsageError(err.message);
    throw err;
  }
  const result = await engine.expand(message);
  if (options.json) {
    io.stdout(`${JSON.stringify(toJson(result), null, 2)}\n`);
  } else {
    io.stdout(result.message.endsWith('\n') ? result.message : `${result.message}\n`);
    if (result.blocked) io.stderr(`${CLI_TEXT.blocked}\n`);
  }
  return result.blocked ? 1 : 0;
}

interface ExpandArgs {
  workspace?: string;
  contextLength?: number;
  grants: string[];
  allowHosts: string[];
  json: boolean;
  message: string;
}

function parseExpandArgs(args: string[]): ExpandArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        workspace: { type: 'string', short: 'w' },
        'context-length': { type: 'string' },
        grant: { type: 'string', multiple: true },
        'allow-host': { type: 'string', multiple: true },
        json: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError(CLI_TEXT.missingMessage);
  if (positionals.length > 1) throw new UsageError(CLI_TEXT.tooManyMessages(positionals.length));
  return {
    workspace: values.workspace,
    contextLength: values['context-length'] === undefined ? undefined : parseTokens(values['context-length']),
    grants: values.grant ?? [],
    allowHosts: values['allow-host'] ?? [],
    json: values.json ?? false,
    message: positionals[0] as string,
  };
}

function parseTokens(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) <= 0) throw new UsageError(CLI_TEXT.badContextLength(text));
  return Number(text);
}

/** The `--json` shape of issue 2, plus the token budget figures. */
function toJson(result: Awaited<ReturnType<ReturnType<typeof createEngine>['expand']>>) {
  return {
    message: result.message,
    originalMessage: result.originalMessage,
    blocked: result.blocked,
    tokens: result.tokens,
    attachedTokens: result.attachedTokens,
    attachedBytes: result.attachedBytes,
    softTokenLimit: result.softTokenLimit,
    hardTokenLimit: result.hardTokenLimit,
    contextLength: result.contextLength,
    references: result.references.map((r) => ({
      raw: r.raw,
      kind: r.kind,
      target: r.target,
      lineStart: r.lineStart,
      lineEnd: r.lineEnd,
      status: r.status,
      bytes: r.bytes,
      tokens: r.tokens,
      sha256: r.sha256,
      source: r.source,
    })),
    warnings: result.warnings,
  };
}
