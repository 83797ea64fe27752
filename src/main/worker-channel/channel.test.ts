import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../scripts/bundle-ts.mjs';
import type { ChannelTestProtocol } from '../../../test-support/channel-worker';
import { ChannelError, WorkerChannel } from '.';

// A real worker thread running the test worker, bundled once (inside the project, so it resolves
// like the product's workers).
const script = resolve('node_modules/.cache/atmark-test/channel-worker.mjs');
beforeAll(async () => {
  mkdirSync(resolve('node_modules/.cache/atmark-test'), { recursive: true });
  await bundleForNode('test-support/channel-worker.ts', script);
});

const open: Array<WorkerChannel<ChannelTestProtocol>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.terminate()));
});

function start(greeting?: string): WorkerChannel<ChannelTestProtocol> {
  const channel = new WorkerChannel<ChannelTestProtocol>(script, { label: 'test worker', worker: { workerData: { greeting } } });
  open.push(channel);
  return channel;
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<ChannelError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ChannelError);
  return outcome.error as ChannelError;
}

/** A worker spinning in a synchronous loop of its own (like the engine's warm-up), and the notices it sent. */
async function spinningWorker(): Promise<{ channel: WorkerChannel<ChannelTestProtocol>; events: string[] }> {
  const events: string[] = [];
  let spinning: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (spinning = resolve));
  const channel = new WorkerChannel<ChannelTestProtocol>(script, {
    label: 'test worker',
    onNotice: (n) => {
      events.push(n.heard);
      if (n.heard === 'spinning') spinning();
    },
  });
  open.push(channel);
  // The loop's bound only ends a broken run (which then fails on the order its test expects).
  channel.notify({ say: 'spin', spinMs: 20_000 });
  await started;
  return { channel, events };
}

describe('the worker channel', () => {
  it('says hello, answers requests by id, and carries notices both ways', async () => {
    const heard: string[] = [];
    const channel = new WorkerChannel<ChannelTestProtocol>(script, { label: 'test worker', worker: { workerData: { greeting: 'salut' } }, onNotice: (n) => heard.push(n.heard) });
    open.push(channel);
    expect(await channel.hello).toEqual({ greeting: 'salut' });
    // Several at once: each answer reaches its own caller.
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => channel.request({ op: 'echo', text })));
    expect(answers).toEqual(['a', 'b', 'c']);
    channel.notify({ say: 'ping' });
    await expect.poll(() => heard).toEqual(['ping']);
  });

  it('a worker busy in a synchronous loop of its own sees that a request is waiting, and takes it up once it gives way', async () => {
    const { channel, events } = await spinningWorker();
    await channel.request({ op: 'echo', text: 'hi' }).then((answer) => events.push(`echo: ${answer}`));
    expect(events).toEqual(['spinning', 'gave way', 'echo: hi']);
  });

  it('the worker\'s own work gives way to a light request too, and its handler is told the request is light', async () => {
    const { channel, events } = await spinningWorker();
    await channel.request({ op: 'echo', text: 'light' }, { light: true }).then((answer) => events.push(`echo: ${answer}`));
    expect(events).toEqual(['spinning', 'gave way', 'echo: light (light)']);
  });

  it('moves a transferred buffer to the worker instead of copying it', async () => {
    const channel = start();
    const bytes = new Uint8Array(1024);
    expect(await channel.request({ op: 'bytes', bytes }, { transfer: [bytes.buffer] })).toBe(1024);
    expect(bytes.byteLength).toBe(0);
  });

  it('reports progress to the request that asked, in order', async () => {
    const channel = start();
    const seen: number[] = [];
    const other: number[] = [];
    const [mine] = await Promise.all([
      channel.request({ op: 'count', to: 5 }, { onProgress: (n) => seen.push(n) }),
      channel.request({ op: 'count', to: 2 }, { onProgress: (n) => other.push(n) }),
    ]);
    expect(mine).toBe(5);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(other).toEqual([1, 2]);
  });

  it('cancels: rejecting at once with the signal’s reason, or asking the worker and taking its answer', async () => {
    const channel = start();
    const now = new AbortController();
    const rejected = channel.request({ op: 'until-cancelled' }, { signal: now.signal });
    now.abort(new Error('gave up'));
    await expect(rejected).rejects.toThrow('gave up');

    const asked = new AbortController();
    const answered = channel.request({ op: 'until-cancelled' }, { signal: asked.signal, onAbort: 'ask' });
    asked.abort();
    // The worker heard the cancel (its handler resolves only on abort) and its answer came back.
    expect(await answered).toBe('cancelled');

    const before = new AbortController();
    before.abort(new Error('too late'));
    await expect(channel.request({ op: 'echo', text: 'x' }, { signal: before.signal })).rejects.toThrow('too late');
    // The channel still serves after all that.
    expect(await channel.request({ op: 'echo', text: 'still here' })).toBe('still here');
  });

  it('carries the worker’s error code, and a plain throw as `failed`', async () => {
    const channel = start();
    const error = await rejection(channel.request({ op: 'fail', code: 'encrypted' }));
    expect(error.code).toBe('encrypted');
    expect(error.message).toBe('failed with encrypted');
  });

  it('fails every waiting request when the worker dies mid-request, and later ones at once', async () => {
    const channel = start();
    await channel.hello;
    const waiting = channel.request({ op: 'until-cancelled' });
    const dying = channel.request({ op: 'exit' });
    const [first, second] = await Promise.all([rejection(waiting), rejection(dying)]);
    expect(first.code).toBe('exited');
    expect(first.message).toBe('the test worker stopped (exit 3)');
    expect(second).toBe(first);
    expect(channel.dead).toBe(first);
    expect(await rejection(channel.request({ op: 'echo', text: 'x' }))).toBe(first);
  });

  it('names a worker that passed its heap limit `out-of-memory`', async () => {
    const channel = new WorkerChannel<ChannelTestProtocol>(script, { label: 'test worker', worker: { resourceLimits: { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 } } });
    open.push(channel);
    const error = await rejection(channel.request({ op: 'hog' }));
    expect(error.code).toBe('out-of-memory');
  });

  it('rejects its hello with the reason when the worker throws before saying it', async () => {
    const channel = start('throw');
    const error = await rejection(channel.hello);
    expect(error.code).toBe('crashed');
    expect(error.message).toContain('broken at start');
  });

  it('gives up on a worker that never answers at the deadline its caller set', async () => {
    const channel = start();
    // The test's own deadline; the channel has none by default.
    const error = await rejection(channel.request({ op: 'never' }, { deadlineMs: 200 }));
    expect(error.code).toBe('deadline');
    expect(error.message).toBe('the test worker did not answer within 200 ms');
    // The worker lives on and still answers.
    expect(await channel.request({ op: 'echo', text: 'after' })).toBe('after');
  });

  it('fails what waits with `closed` when closed', async () => {
    const channel = start();
    const waiting = rejection(channel.request({ op: 'never' }));
    await channel.close('closed by the test');
    const error = await waiting;
    expect(error.code).toBe('closed');
    expect(error.message).toBe('closed by the test');
  });
});
