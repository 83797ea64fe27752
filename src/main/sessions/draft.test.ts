import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDraftStore, DRAFT_FILE } from './draft';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the draft', () => {
  it('is restored as saved, with its workspace and grants', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-draft-'));
    const drafts = createDraftStore(dir);
    expect(await drafts.load()).toEqual({ draft: null, problem: null });
    drafts.save({ text: 'Explain @file:a.ts\r\nplease 🙂', workspace: '/w', grants: ['/x/y.txt'] });
    await drafts.flush();
    const restored = await createDraftStore(dir).load();
    expect(restored.problem).toBeNull();
    expect(restored.draft).toMatchObject({ text: 'Explain @file:a.ts\r\nplease 🙂', workspace: '/w', grants: ['/x/y.txt'] });
    expect(Date.parse(restored.draft!.savedAt)).not.toBeNaN();
  });

  it('coalesces a burst of keystrokes into few writes, and writes the newest within the interval', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-draft-'));
    let writes = 0;
    const drafts = createDraftStore(dir, { intervalMs: 100, now: () => (writes++, new Date()) });
    for (let i = 1; i <= 200; i += 1) drafts.save({ text: `text ${i}`, workspace: null, grants: [] });
    expect(writes).toBe(0); // save itself never touches the disk
    await sleep(300);
    expect(writes).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, DRAFT_FILE), 'utf8')).text).toBe('text 200');
  });

  it('keeps writing while the person keeps typing (throttled, not debounced)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-draft-'));
    const drafts = createDraftStore(dir, { intervalMs: 100 });
    const started = Date.now();
    let i = 0;
    while (Date.now() - started < 600) {
      drafts.save({ text: `text ${++i}`, workspace: null, grants: [] });
      await sleep(5);
    }
    const onDisk = Number(JSON.parse(readFileSync(join(dir, DRAFT_FILE), 'utf8')).text.split(' ')[1]);
    // Typing never paused, yet the disk is at most a few hundred ms behind.
    expect(onDisk).toBeGreaterThan(i / 2);
    await drafts.close();
    expect(JSON.parse(readFileSync(join(dir, DRAFT_FILE), 'utf8')).text).toBe(`text ${i}`);
  });

  it('a damaged draft is reported, kept aside with a timestamp, and the next save writes a new one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-draft-'));
    writeFileSync(join(dir, DRAFT_FILE), '{"version":1,"text":"half');
    const drafts = createDraftStore(dir);
    const loaded = await drafts.load();
    expect(loaded.draft).toBeNull();
    expect(loaded.problem).toMatchObject({
      code: 'corrupt',
      message: expect.stringMatching(/^draft\.json could not be read \(not valid JSON\), so Atmark started a fresh one and kept the damaged file as .*draft\.json\.damaged-\d{8}-\d{6}/),
    });
    drafts.save({ text: 'fresh', workspace: null, grants: [] });
    await drafts.flush();
    expect((await drafts.load()).draft?.text).toBe('fresh');
  });

  it('reports a failed write through lastProblem', async () => {
    dir = mkdtempSync(join(tmpdir(), 'atmark-draft-'));
    writeFileSync(join(dir, 'not-a-folder'), 'x');
    const drafts = createDraftStore(join(dir, 'not-a-folder'));
    drafts.save({ text: 'lost?', workspace: null, grants: [] });
    await drafts.flush();
    expect(drafts.lastProblem()).toMatchObject({ code: 'unreadable' });
  });
});
