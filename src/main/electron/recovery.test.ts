import { describe, expect, it } from 'vitest';
import { createServices } from '../services';
import { text } from '../../shared/i18n';
import { decideRecovery } from './recovery';

describe('recovering the window after its page dies or hangs', () => {
  it.each(['crashed', 'killed', 'abnormal-exit', 'launch-failed', 'integrity-failure', 'memory-eviction', 'something-new'])('reloads after "%s" with the crash notice', (reason) => {
    expect(decideRecovery({ kind: 'gone', reason }, 1000, [])).toEqual({ action: 'reload', notice: 'recovery.crashed' });
  });

  it('says so when memory ran out, and when the page hung', () => {
    expect(decideRecovery({ kind: 'gone', reason: 'oom' }, 1000, [])).toEqual({ action: 'reload', notice: 'recovery.outOfMemory' });
    expect(decideRecovery({ kind: 'unresponsive' }, 1000, [])).toEqual({ action: 'reload', notice: 'recovery.unresponsive' });
  });

  it('does nothing when the page closed normally', () => {
    expect(decideRecovery({ kind: 'gone', reason: 'clean-exit' }, 1000, [])).toEqual({ action: 'none' });
  });

  it('gives up after three reloads within a minute, and reloads again once they are older', () => {
    const minute = 60_000;
    const three = [10_000, 20_000, 30_000];
    expect(decideRecovery({ kind: 'gone', reason: 'crashed' }, 40_000, three)).toEqual({ action: 'give-up', title: 'recovery.gaveUpTitle', message: 'recovery.gaveUp' });
    expect(decideRecovery({ kind: 'unresponsive' }, 40_000, three).action).toBe('give-up');
    expect(decideRecovery({ kind: 'gone', reason: 'crashed' }, 30_000 + minute, three).action).toBe('reload');
    expect(decideRecovery({ kind: 'gone', reason: 'crashed' }, 40_000, three, { maxReloads: 5, windowMs: minute }).action).toBe('reload');
  });
});

describe('the page that reloads after a crash', () => {
  it('gets the draft main kept, and the notice once', async () => {
    const services = createServices();
    const notices: unknown[] = [];
    services.on('storeNotice', (n) => notices.push(n));
    // The page saved the draft on its last keystroke before it died.
    await services.call('saveDraft', { text: '下書き: @file:README.md を要約して' });
    const decision = decideRecovery({ kind: 'gone', reason: 'crashed' }, 0, []);
    if (decision.action !== 'reload') throw new Error('expected a reload');
    services.notifyOnce('recovery', text(decision.notice));
    // The reloaded page asks for the draft first, as src/renderer/main.tsx does.
    const draft = await services.call('getDraft', {});
    expect(draft.ok && draft.value?.text).toBe('下書き: @file:README.md を要約して');
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toEqual([expect.objectContaining({ key: 'recovery', message: "Atmark's window stopped unexpectedly and was reloaded. Your draft was kept.", text: text('recovery.crashed') })]);
    // A later start (a plain reload) shows it no more.
    await services.call('getDraft', {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toHaveLength(1);
    await services.close();
  });
});
