import { resolve } from 'node:path';
import { firstBadAllowEntry } from '../../shared/allow-host';
import { parseArgs } from 'node:util';
import type { ExpansionResult } from '../../shared/expansion';
import { documentsMentioned } from '../../shared/documents-mentioned';
import type { Citation, SessionStore } from '../sessions';
import { DEFAULT_PROMPT_LANGUAGE, isLanguage, type Language } from '../../shared/i18n/languages';
import { translate } from '../../shared/i18n/translate';
import { CLI_TEXT, UsageError } from './text';

/** What `atmark expand` needs from its surroundings, so tests can run it in-process. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  cwd: string;
  /** The language of the CLI's own sentences (the terminal's); default English. */
  language?: Language;
  /**
   * Where the run notes the code it took (the command, each reference kind), so the built CLI's
   * code cache is written again when it was made without them (code-cache.ts).
   */
  codePaths?: Set<string>;
  /**
   * Called by a command that keeps running (`serve`) once the code it runs has been compiled, so the
   * built CLI writes its code cache then rather than at exit; other commands end, and the cache is
   * written after them.
   */
  codeWarm?: () => void;
}

/**
 * `atmark expand [--workspace DIR] [--context-length TOKENS] [--grant FILE]... [--allow-host HOST[:PORT]]...
 * [--session DIR] [--prompt-language en|ja|ko] [--mask-addresses] [--json] MESSAGE`. Prints the expanded message, or with `--json` the whole result. Exit 0 on
 * success (warnings or not), 1 when the hard limit stopped attaching, 2 on a usage error.
 *
 * `--session DIR`: `@result:ID` looks ids up in that session folder (started there when the folder
 * is missing or empty), and the expansion is recorded as a run without a reply, so each attached
 * block is stored as a result; `--json` then gives each reference its `resultId` (null when not
 * attached) and a top-level `session: {id, dir, runId}`. A blocked expansion is not recorded.
 */
export async function expandCommand(args: string[], io: CommandIO): Promise<number> {
  const options = parseExpandArgs(args);
  const message = options.message === '-' ? await io.readStdin() : options.message;
  const session = options.session === undefined ? null : await openSessionOrFail(resolve(io.cwd, options.session));
  // Loaded only once the arguments are known to be good: a usage error loads nothing of the engine.
  const [{ createEngine, EngineSetupError }, { createResultResolver, createImageResolver }, { pastedImageLookup }] = await Promise.all([
    import('../engine'),
    import('../resolvers'),
    import('../sessions/pasted-images'),
  ]);
  let engine;
  try {
    engine = createEngine({
      workspace: options.workspace ?? io.cwd,
      contextLength: options.contextLength,
      grants: options.grants,
      allowHosts: options.allowHosts,
      promptLanguage: options.promptLanguage,
      // What the CLI prints is the person's to keep: addresses are masked only when asked.
      maskAddresses: options.maskAddresses ? 'always' : 'never',
      ...(session ? { resolvers: [createResultResolver(session.lookup), createImageResolver(pastedImageLookup(async () => session.dir))] } : {}),
    });
  } catch (err) {
    if (err instanceof EngineSetupError) throw new UsageError(err.text ?? err.message);
    throw err;
  }
  // Documents start loading their readers now, while the engine loads the rest. A message without
  // one does not load the extraction code (its worker pool, worker threads) at all.
  const documents = documentsMentioned(message);
  if (documents.length > 0) (await import('../extraction')).warmExtraction(documents.length, [...new Set(documents)]);
  const result = await engine.expand(message, { fresh: true });
  for (const r of result.references) io.codePaths?.add(`kind:${r.kind}`);
  const recorded = session && !result.blocked ? await recordRun(session, result, engine.workspaceRoot) : null;
  if (options.json) {
    io.stdout(`${JSON.stringify(withSession(toJson(result), session, recorded), null, 2)}\n`);
  } else {
    io.stdout(result.message.endsWith('\n') ? result.message : `${result.message}\n`);
    if (result.blocked) io.stderr(`${translate(CLI_TEXT.blocked, io.language ?? 'en')}\n`);
  }
  return result.blocked ? 1 : 0;
}

interface ExpandArgs {
  workspace?: string;
  contextLength?: number;
  grants: string[];
  allowHosts: string[];
  session?: string;
  promptLanguage: Language;
  /** Mask email addresses of attached mail (`t***@example.com`). */
  maskAddresses: boolean;
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
        session: { type: 'string' },
        'prompt-language': { type: 'string' },
        'mask-addresses': { type: 'boolean' },
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
    allowHosts: parseAllowHosts(values['allow-host'] ?? []),
    session: values.session,
    promptLanguage: parsePromptLanguage(values['prompt-language']),
    maskAddresses: values['mask-addresses'] ?? false,
    json: values.json ?? false,
    message: positionals[0] as string,
  };
}

function parsePromptLanguage(value: string | undefined): Language {
  if (value === undefined) return DEFAULT_PROMPT_LANGUAGE;
  if (!isLanguage(value)) throw new UsageError(CLI_TEXT.badPromptLanguage(value));
  return value;
}

/** `--allow-host` takes what the "Allowed hosts" setting takes (src/shared/allow-host.ts), and refuses the rest. */
function parseAllowHosts(entries: string[]): string[] {
  const bad = firstBadAllowEntry(entries);
  if (bad !== null) throw new UsageError(CLI_TEXT.badAllowHost(bad));
  return entries;
}

function parseTokens(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) <= 0) throw new UsageError(CLI_TEXT.badContextLength(text));
  return Number(text);
}

/** The `--json` shape (README, "The command line"), plus the token budget figures. */
function toJson(result: ExpansionResult) {
  return {
    message: result.message,
    originalMessage: result.originalMessage,
    blocked: result.blocked,
    tokens: result.tokens,
    promptTokens: result.promptTokens,
    budget: result.budget,
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

async function openSessionOrFail(dir: string): Promise<SessionStore> {
  const { openSession } = await import('../sessions');
  const opened = await openSession(dir);
  if (!opened.ok) throw new UsageError(opened.text ?? opened.message);
  return opened.session;
}

/** Records the expansion as a run without a reply; its blocks become results. A disk that refuses is an error (exit 70). */
async function recordRun(session: SessionStore, result: ExpansionResult, workspace: string): Promise<{ runId: string; references: Citation[] }> {
  const run = await session.createRun(result, { workspace, endpoint: null, status: 'expanded' });
  if (!run.ok) throw new Error(run.problem.message);
  return { runId: run.value.id, references: run.value.references };
}

/** With `--session`: `resultId` on each reference and where the run was recorded. */
function withSession(json: ReturnType<typeof toJson>, session: SessionStore | null, recorded: { runId: string; references: Citation[] } | null) {
  if (!session) return json;
  return {
    ...json,
    references: json.references.map((r, i) => ({ ...r, resultId: recorded?.references[i]?.resultId ?? null })),
    session: { id: session.id, dir: session.dir, runId: recorded?.runId ?? null },
  };
}
