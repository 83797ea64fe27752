/**
 * The process the crash tests kill with SIGKILL (run with `node scripts/run-ts.mjs`; not part of
 * the app). It does what the app does while a person types or waits for a reply, and reports
 * each step on standard output (a pipe, written synchronously on Linux) so the test knows what
 * had happened before the kill:
 *
 *   draft DIR                      saves a growing draft every 5 ms; prints `typed N MS`
 *   send SESSION_DIR BASE_URL WS   sends runs one after another; prints `run N ID`, `delta N`, `done N`
 */
import { createEngine } from '../src/main/engine';
import { createResultResolver } from '../src/main/resolvers/result';
import { endpointFromPreset } from '../src/main/settings/presets';
import { createDraftStore } from '../src/main/sessions/draft';
import { openSession } from '../src/main/sessions/session-store';
import { send } from '../src/main/sessions/send';

const [mode, ...args] = process.argv.slice(2);

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function typeDrafts(dir: string): Promise<void> {
  const drafts = createDraftStore(dir);
  let text = '';
  for (let n = 1; ; n += 1) {
    text += `line ${n}\n`;
    drafts.save({ text, workspace: '/tmp/workspace', grants: ['/tmp/granted.txt'] });
    say(`typed ${n} ${Date.now()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function sendRuns(sessionDir: string, baseUrl: string, workspace: string): Promise<void> {
  const opened = await openSession(sessionDir);
  if (!opened.ok) throw new Error(opened.message);
  const session = opened.session;
  const engine = createEngine({ workspace, resolvers: [createResultResolver(session.lookup)] });
  const endpoint = endpointFromPreset('custom', [], { name: 'Test server', baseUrl, model: 'test-model' });
  for (let n = 1; ; n += 1) {
    let deltas = 0;
    const outcome = await send({
      engine,
      session,
      endpoint,
      apiKey: null,
      message: `run ${n} about @file:a.txt`,
      checkpointMs: 100,
      onRun: (run) => say(`run ${n} ${run.id}`),
      onDelta: () => say(`delta ${n} ${++deltas}`),
    });
    if (!outcome.ok) throw new Error(outcome.message);
    say(`done ${n}`);
  }
}

if (mode === 'draft') await typeDrafts(args[0] as string);
else if (mode === 'send') await sendRuns(args[0] as string, args[1] as string, args[2] as string);
else throw new Error(`unknown mode ${mode}`);
