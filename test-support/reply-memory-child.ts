/**
 * A child process that sends one message the way the app does (engine, session store, `send`) to
 * a server streaming a very long reply, and prints what was recorded with the process's peak
 * memory. The memory test runs it in a process of its own, so the peak (`VmHWM`: heap and buffers)
 * is this one Send's alone. Not part of the app.
 * Usage: node reply-memory-child.mjs SESSION_DIR BASE_URL WORKSPACE API_KEY
 */
import { createEngine } from '../src/main/engine';
import { createResultResolver } from '../src/main/resolvers/result';
import { endpointFromPreset } from '../src/main/settings/presets';
import { openSession } from '../src/main/sessions/session-store';
import { send } from '../src/main/sessions/send';
import { peakBytes } from './peak-rss';

const [sessionDir, baseUrl, workspace, apiKey] = process.argv.slice(2) as [string, string, string, string];


const opened = await openSession(sessionDir);
if (!opened.ok) throw new Error(opened.message);
const session = opened.session;
const engine = createEngine({ workspace, resolvers: [createResultResolver(session.lookup)] });
const endpoint = endpointFromPreset('custom', [], { name: 'Long', baseUrl, model: 'long' });
// The engine and the network client loaded, before the reply: the process's own size, for scale.
await engine.expand('warm up @file:a.txt');
const before = peakBytes();
let deltas = 0;
// The peak while the reply streams, sampled every 500 pieces: apart from the end's one copy.
let streamPeak = 0;
const onDelta = (): void => {
  deltas += 1;
  if (deltas % 500 === 0) streamPeak = peakBytes();
};
const outcome = await send({ engine, session, endpoint, apiKey, message: 'Summarise @file:a.txt', onDelta });
const run = outcome.run;
process.stdout.write(
  JSON.stringify({
    ok: outcome.ok,
    code: outcome.ok ? null : outcome.code,
    runId: run?.id ?? null,
    status: run?.status ?? null,
    errorCode: run?.error?.code ?? null,
    replyChars: run?.reply.length ?? 0,
    replyResultId: run?.replyResultId ?? null,
    deltas,
    beforeBytes: before,
    streamPeakBytes: streamPeak,
    peakBytes: peakBytes(),
  }),
);
