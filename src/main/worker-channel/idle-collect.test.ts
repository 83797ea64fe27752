import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullCollection, idleCollector } from './idle-collect';

/**
 * An idle worker collects its garbage once per quiet spell (issue 27): never while work runs,
 * once after the quiet time, and again only after more work. Fake timers: nothing here depends on
 * how fast the machine is.
 */
afterEach(() => void vi.useRealTimers());

describe('the idle collector', () => {
  it('collects once after a quiet spell, and again only after more work', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const c = idleCollector(1000, collect);
    c.begin();
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled(); // busy: never
    c.end();
    vi.advanceTimersByTime(999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1); // once per spell
    c.touch();
    vi.advanceTimersByTime(1000);
    expect(c.collections).toBe(2);
  });

  it('waits for every piece of work running at once, and restarts its wait on new work', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const c = idleCollector(1000, collect);
    c.begin();
    c.begin();
    c.end();
    vi.advanceTimersByTime(2000);
    expect(collect).not.toHaveBeenCalled();
    c.end();
    vi.advanceTimersByTime(600);
    c.touch(); // a notice: the quiet spell starts again
    vi.advanceTimersByTime(600);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a collection function', () => {
    vi.useFakeTimers();
    const c = idleCollector(10, null);
    c.end();
    vi.advanceTimersByTime(100);
    expect(c.collections).toBe(0);
  });
});

describe("V8's full collection", () => {
  it('is reachable without a command-line flag, and frees what nothing holds', async () => {
    const gc = fullCollection();
    expect(gc).toBeTypeOf('function');
    let held: object | null = { big: new Array(1000).fill('x') };
    const ref = new WeakRef(held);
    held = null;
    // A WeakRef's target survives the current turn: collect after it.
    await new Promise((r) => setImmediate(r));
    gc!();
    expect(ref.deref()).toBeUndefined();
  });
});
