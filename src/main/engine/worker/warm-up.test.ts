import { afterEach, describe, expect, it } from 'vitest';
import { repoPool } from '../../../../test-support/git';
import { createEngine } from '../engine';
import { scheduleWarmUp, warmUpEngine, WARM_UP_MESSAGE } from './warm-up';

const repos = repoPool();
afterEach(() => repos.cleanup());

/** An expand that records its calls and settles when released or aborted. */
function recorder() {
  const calls: Array<{ message: string; signal: AbortSignal; release: () => void }> = [];
  const expand = (message: string, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      calls.push({ message, signal, release: resolve });
      signal.addEventListener('abort', () => resolve());
    });
  return { calls, expand };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ok()` holds (a busy machine may run timers late); fails after 5 s. */
async function until(ok: () => boolean): Promise<void> {
  for (let waited = 0; !ok(); waited += 5) {
    if (waited > 5000) throw new Error('timed out waiting');
    await sleep(5);
  }
}

describe('the engine worker warm-up', () => {
  it('expands @diff @git:1 once after a quiet spell, and is done when that expansion settles', async () => {
    const r = recorder();
    const warm = scheduleWarmUp(r.expand, 5, 10_000);
    expect(r.calls).toEqual([]);
    await until(() => r.calls.length > 0);
    expect(r.calls.map((c) => c.message)).toEqual([WARM_UP_MESSAGE]);
    expect(WARM_UP_MESSAGE).toBe('@diff @git:1');
    r.calls[0]?.release();
    await warm.done;
    expect(r.calls[0]?.signal.aborted).toBe(false);
    warm.postpone();
    await sleep(40);
    expect(r.calls).toHaveLength(1);
  });

  it("waits while the person's expansions keep coming, and runs in the next quiet spell", async () => {
    const r = recorder();
    // Postponed every 10 ms, well inside its 1 s quiet spell: it cannot start meanwhile.
    const warm = scheduleWarmUp(r.expand, 1000, 10_000);
    for (let i = 0; i < 20; i++) {
      await sleep(10);
      warm.postpone();
    }
    expect(r.calls).toEqual([]);
    await until(() => r.calls.length === 1);
    // One asked for while it runs aborts it, and it runs again afterwards.
    warm.postpone();
    expect(r.calls[0]?.signal.aborted).toBe(true);
    await until(() => r.calls.length === 2);
    r.calls[1]?.release();
    await warm.done;
  });

  it('never starts when stopped first, and aborts a run when stopped', async () => {
    const r = recorder();
    const never = scheduleWarmUp(r.expand, 5, 10_000);
    never.stop();
    await never.done;
    await sleep(30);
    expect(r.calls).toEqual([]);
    const warm = scheduleWarmUp(r.expand, 1, 10_000);
    await until(() => r.calls.length === 1);
    warm.stop();
    await warm.done;
    expect(r.calls[0]?.signal.aborted).toBe(true);
  });

  it('gives up on a run that outlasts its limit, and swallows a failed one', async () => {
    const r = recorder();
    const bounded = scheduleWarmUp(r.expand, 1, 20);
    await bounded.done;
    expect(r.calls[0]?.signal.aborted).toBe(true);
    await sleep(30);
    expect(r.calls).toHaveLength(1);
    const failing = scheduleWarmUp(() => Promise.reject(new Error('not a repository')), 1, 1000);
    await expect(failing.done).resolves.toBeUndefined();
  });

  it("leaves nothing that hides an edit made just after it from the person's own @diff", async () => {
    const repo = repos.with({ 'a.txt': 'one\n' });
    repo.write('a.txt', 'two\n');
    // A clock that stands still: a reuse-while-typing entry (2 s for @diff) would be served.
    const now = new Date('2026-12-04T10:00:00Z');
    const engine = createEngine({ workspace: repo.dir, now: () => now });
    await warmUpEngine(engine, 0).done;
    repo.write('a.txt', 'three\n');
    const result = await engine.expand('@diff');
    expect(result.message).toContain('+three');
    expect(result.message).not.toContain('+two');
  });

  it('a run that gave way to a waiting request is not done: it runs again in the next quiet spell', async () => {
    const events: string[] = [];
    let requestSent = false;
    let warm: ReturnType<typeof scheduleWarmUp> | null = null;
    const expand = async (_message: string, _signal: AbortSignal, yieldNow: () => boolean) => {
      events.push('warm-up runs');
      // The first time, the person's request is sent while the warm-up is inside a synchronous loop.
      if (events.length === 1) requestSent = true;
      if (!yieldNow()) return events.push('finished');
      events.push('gave way');
      // Once the warm-up returns to the event loop, the worker takes the request up (as worker-main does).
      setImmediate(() => {
        requestSent = false;
        warm?.postpone();
        events.push('request answered');
      });
    };
    warm = scheduleWarmUp(expand, 20, 10_000, () => requestSent);
    await warm.done;
    expect(events).toEqual(['warm-up runs', 'gave way', 'request answered', 'warm-up runs', 'finished']);
  });

  it('does not start while a request is being answered, and starts in the quiet spell after it', async () => {
    const events: string[] = [];
    let answering = true;
    const warm = scheduleWarmUp(
      async () => {
        events.push('warm-up runs');
      },
      1,
      10_000,
      () => answering,
    );
    // Its quiet spell passes several times over while the request is still being answered.
    await sleep(30);
    events.push('request answered');
    answering = false;
    await warm.done;
    expect(events).toEqual(['request answered', 'warm-up runs']);
  });

  it("a background @diff gives way inside git's reading once told to, and ends cancelled; the person's own is read", async () => {
    const repo = repos.with({ 'a.txt': 'one\n', 'b.txt': 'two\n' });
    repo.write('a.txt', 'changed\n');
    const engine = createEngine({ workspace: repo.dir });
    let asked = 0;
    const given = await engine.expand('@diff', { fresh: true, background: true, yieldNow: () => ++asked > 0 });
    expect(asked).toBeGreaterThan(0);
    expect(given.references[0]?.status).toBe('failed');
    expect(given.message).not.toContain('+changed');
    const own = await engine.expand('@diff', { fresh: true });
    expect(own.references[0]?.status).toBe('attached');
    expect(own.message).toContain('+changed');
  });
});
