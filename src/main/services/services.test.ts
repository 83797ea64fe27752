import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../../test-support/net-server';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { createEngine } from '../engine';
import { createServices, type Services } from './services';

let base: string;
let root: string;
let services: Services;

function git(...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@t.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: root, stdio: 'ignore' });
}

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'atmark-services-')));
  root = path.join(base, 'project');
  await fs.mkdir(path.join(root, 'src'), { recursive: true });
  await fs.writeFile(path.join(root, 'src', 'main.ts'), 'export const answer = 42;\n');
  await fs.writeFile(path.join(root, '.env'), 'TOKEN=x\n');
  git('init', '-q', '-b', 'main');
  git('add', 'src');
  git('commit', '-q', '-m', 'First commit');
  await fs.writeFile(path.join(root, 'src', 'main.ts'), 'export const answer = 43;\n');
  git('commit', '-q', '-am', 'Change the answer');
  services = createServices({ workspace: root, userDataDir: path.join(base, 'user') });
});

afterEach(async () => {
  await services.close();
  await fs.rm(base, { recursive: true, force: true });
});

describe('workspaces', () => {
  it('opens the start folder, and says why a folder cannot be opened', async () => {
    expect(await services.call('getWorkspace', {})).toEqual({ ok: true, value: { root, name: 'project', isGitRepository: true } });
    expect(await services.call('openWorkspace', { path: path.join(base, 'nope') })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await services.call('openWorkspace', { path: path.join(root, 'src', 'main.ts') })).toMatchObject({ ok: false, error: { code: 'not_a_folder' } });
  });

  it('remembers recent workspaces on disk, newest first', async () => {
    const other = path.join(base, 'other');
    await fs.mkdir(other);
    await services.call('openWorkspace', { path: other });
    expect(await services.call('recentWorkspaces', {})).toEqual({ ok: true, value: [other, root] });
    const again = createServices({ userDataDir: path.join(base, 'user') });
    expect(await again.call('recentWorkspaces', {})).toEqual({ ok: true, value: [other, root] });
    await again.close();
  });

  it('drops recent workspaces that no longer exist from the list on disk', async () => {
    const gone = path.join(base, 'gone');
    await fs.mkdir(gone);
    await services.call('openWorkspace', { path: gone });
    await services.call('openWorkspace', { path: root });
    await fs.rm(gone, { recursive: true });
    expect(await services.call('recentWorkspaces', {})).toEqual({ ok: true, value: [root] });
    expect(JSON.parse(await fs.readFile(path.join(base, 'user', 'recent-workspaces.json'), 'utf8'))).toEqual([root]);
  });

  it('has no folder browser unless the host provides one', async () => {
    expect(await services.call('listFolders', { path: '', typed: false })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('announces a workspace change to subscribers', async () => {
    await services.call('getWorkspace', {}); // the start folder is open (and announced) by now
    const seen: unknown[] = [];
    const off = services.on('workspaceChanged', (w) => seen.push(w?.name));
    await fs.mkdir(path.join(base, 'second'));
    await services.call('openWorkspace', { path: path.join(base, 'second') });
    off();
    await services.call('openWorkspace', { path: root });
    expect(seen).toEqual(['second']);
  });
});

describe('expand', () => {
  it('expands with the engine and reports progress per reference', async () => {
    const progress: string[] = [];
    services.on('expandProgress', (p) => progress.push(`${p.requestId} ${p.raw} ${p.state}`));
    const result = await services.call('expand', { requestId: 'r1', text: 'see @file:src/main.ts', contextLength: 128000 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.message).toContain('answer = 43');
    expect(progress).toEqual(['r1 @file:src/main.ts resolving', 'r1 @file:src/main.ts done']);
  });

  it('re-reads a changed file, live and fresh', async () => {
    const input = { requestId: 'r', text: 'see @file:src/main.ts', contextLength: 128000 };
    const first = await services.call('expand', input);
    expect(first.ok && first.value.message).toContain('answer = 43');
    await fs.writeFile(path.join(root, 'src', 'main.ts'), 'export const answer = 44; // longer now\n');
    const live = await services.call('expand', input);
    expect(live.ok && live.value.message).toContain('answer = 44');
    const fresh = await services.call('expand', { ...input, fresh: true });
    expect(fresh.ok && fresh.value.message).toBe(live.ok && live.value.message);
  });

  it('never hands the engine an expansion cancelled while the engine was starting (a page that opened, typed and refreshed)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const expanded: string[] = [];
    const gated = createServices({
      workspace: root,
      userDataDir: path.join(base, 'gated'),
      engineFactory: async (options) => {
        await gate; // an engine worker still booting
        const engine = createEngine(options);
        return { ...engine, expand: (message, opts) => (expanded.push(message), engine.expand(message, opts)) };
      },
    });
    const replaced = gated.call('expand', { requestId: 'first', text: 'see @file:src/main.ts', contextLength: 128000 });
    const newest = gated.call('expand', { requestId: 'second', text: 'see @file:src/main.ts now', contextLength: 128000 });
    await gated.call('cancel', { requestId: 'first' });
    release();
    expect(await replaced).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const answer = await newest;
    expect(answer.ok && answer.value.message).toContain('answer = 43');
    expect(expanded).toEqual(['see @file:src/main.ts now']);
    await gated.close();
  });

  it('hands a cancelled expansion still running to the same expansion asked for next, and ends it at once for another', async () => {
    // An engine whose expansions wait at a gate: each one is still running when the page cancels it.
    let release: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const started: Array<{ message: string; signal: AbortSignal }> = [];
    const own = createServices({
      workspace: root,
      userDataDir: path.join(base, 'handover'),
      engineFactory: (options) => {
        const engine = createEngine(options);
        return {
          ...engine,
          expand: async (message, opts) => {
            const signal = opts?.signal as AbortSignal;
            events.push(`started ${message}`);
            signal.addEventListener('abort', () => events.push(`aborted ${message}`));
            started.push({ message, signal });
            opts?.onProgress?.({ raw: '@file:src/main.ts', state: 'resolving' });
            await gate;
            return engine.expand(message, opts);
          },
        };
      },
    });
    const progress: string[] = [];
    own.on('expandProgress', (p) => progress.push(`${p.requestId} ${p.state}`));
    const input = { text: 'see @file:src/main.ts', contextLength: 128000 };
    // Typed, then refreshed twice (the workspace loaded, then announced): each refresh cancels the one before.
    const typed = own.call('expand', { requestId: 'typed', ...input });
    await vi.waitUntil(() => started.length > 0, { timeout: 30_000, interval: 5 });
    await own.call('cancel', { requestId: 'typed' });
    const loaded = own.call('expand', { requestId: 'loaded', ...input });
    // Taken over: the progress so far is told again to the request that holds the work now.
    await vi.waitUntil(() => progress.includes('loaded resolving'), { timeout: 30_000, interval: 5 });
    await own.call('cancel', { requestId: 'loaded' });
    const announced = own.call('expand', { requestId: 'announced', ...input });
    await vi.waitUntil(() => progress.includes('announced resolving'), { timeout: 30_000, interval: 5 });
    release();
    expect(await typed).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await loaded).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const answer = await announced;
    expect(answer.ok && answer.value.message).toContain('answer = 43');
    expect(events).toEqual([`started ${input.text}`]); // one run of the engine for the three, never aborted
    // Each holder in turn is told the work's progress; the engine's own "resolving" comes once more, then "done".
    expect(progress).toEqual(['typed resolving', 'loaded resolving', 'announced resolving', 'announced resolving', 'announced done']);

    // Something else asked for: the cancelled run is aborted before the new one starts, not after its grace.
    gate = new Promise<void>((resolve) => (release = resolve));
    events.length = 0;
    const before = own.call('expand', { requestId: 'before', ...input, fresh: true });
    await vi.waitUntil(() => events.length > 0, { timeout: 30_000, interval: 5 });
    await own.call('cancel', { requestId: 'before' });
    const other = own.call('expand', { requestId: 'other', text: 'see @file:src/main.ts now', contextLength: 128000 });
    await vi.waitUntil(() => events.length >= 3, { timeout: 30_000, interval: 5 });
    release();
    expect(events).toEqual([`started ${input.text}`, `aborted ${input.text}`, 'started see @file:src/main.ts now']);
    expect(await before).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect((await other).ok).toBe(true);
    await own.close();
  });

  it('answers cancelled when the request is cancelled', async () => {
    const running = services.call('expand', { requestId: 'slow', text: 'see @diff and @git:2', contextLength: 128000 });
    await new Promise((r) => setImmediate(r));
    await services.call('cancel', { requestId: 'slow' });
    const result = await running;
    // Either it finished before the cancel arrived, or it reports cancelled; never a throw.
    if (!result.ok) expect(result.error.code).toBe('cancelled');
  });

  it('starts the workspace’s engine when the workspace opens, and the first expansion uses that one', async () => {
    const made: string[] = [];
    let first!: () => void;
    const started = new Promise<void>((resolve) => (first = resolve));
    const own = createServices({
      workspace: root,
      userDataDir: path.join(base, 'user2'),
      engineFactory: (options) => {
        made.push(options.workspace);
        first();
        return createEngine(options);
      },
    });
    await started; // no call made: opening the start folder did it
    expect(made).toEqual([root]);
    const result = await own.call('expand', { requestId: 'r', text: 'see @file:src/main.ts', contextLength: 64000 });
    expect(result.ok && result.value.message).toContain('answer = 43');
    const other = path.join(base, 'other');
    await fs.mkdir(other);
    await own.call('openWorkspace', { path: other });
    await own.call('openWorkspace', { path: root });
    // Each open starts its engine in the background (the call does not wait for it).
    await vi.waitFor(() => expect(made).toEqual([root, other, root]), { timeout: 10_000 });
    await own.close();
  });

  it('without a workspace, says to open one', async () => {
    const empty = createServices();
    expect(await empty.call('expand', { requestId: 'r', text: 'x', contextLength: 128000 })).toMatchObject({ ok: false, error: { code: 'no_workspace' } });
    await empty.close();
  });
});

describe('dropped files', () => {
  it('writes a file inside the workspace relative, and grants one outside for that file only', async () => {
    expect(await services.call('grantFile', { path: path.join(root, 'src', 'main.ts') })).toEqual({ ok: true, value: { path: 'src/main.ts', reference: '@file:src/main.ts', granted: false } });
    const outside = path.join(base, 'my notes.txt');
    const sibling = path.join(base, 'other.txt');
    await fs.writeFile(outside, 'outside notes\n');
    await fs.writeFile(sibling, 'not granted\n');
    const granted = await services.call('grantFile', { path: outside });
    expect(granted).toEqual({ ok: true, value: { path: outside, reference: `@file:"${outside}"`, granted: true } });
    const result = await services.call('expand', { requestId: 'g', text: `${granted.ok ? granted.value.reference : ''} @file:${sibling}`, contextLength: 128000 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.references.map((r) => r.status)).toEqual(['attached', 'blocked']);
  });

  it('refuses protected files and folders', async () => {
    expect(await services.call('grantFile', { path: path.join(root, '.env') })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await services.call('grantFile', { path: path.join(root, 'src') })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});

describe('completion', () => {
  it('offers fuzzy paths with sizes, hiding protected files', async () => {
    // The index builds in the background; ask until it has the file (a real build, no mock).
    let files = await services.call('complete', { requestId: 'c', source: 'file', query: 'main' });
    for (let i = 0; i < 50 && files.ok && files.value.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      files = await services.call('complete', { requestId: 'c', source: 'file', query: 'main' });
    }
    expect(files).toMatchObject({ ok: true, value: [{ type: 'path', kind: 'file', path: 'src/main.ts', size: 26 }] });
    const env = await services.call('complete', { requestId: 'c', source: 'path', query: 'env' });
    expect(env.ok && env.value.filter((i) => i.type === 'path' && i.path === '.env')).toEqual([]);
  });

  it('marks rows with their git status, and says which files are binary', async () => {
    await fs.writeFile(path.join(root, 'src', 'main.ts'), 'export const answer = 44;\n'); // modified
    await fs.writeFile(path.join(root, 'src', 'notes.md'), '# メモ\n'); // untracked
    await fs.writeFile(path.join(root, 'src', 'logo.ico'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const ask = () => services.call('complete', { requestId: 'c', source: 'path', query: 'src' });
    let rows = await ask();
    for (let i = 0; i < 50 && rows.ok && rows.value.filter((r) => r.type === 'path').length < 4; i++) {
      await new Promise((r) => setTimeout(r, 20));
      rows = await ask();
    }
    if (!rows.ok) throw new Error(rows.error.message);
    const byPath = new Map(rows.value.flatMap((r) => (r.type === 'path' ? [[r.path, r] as const] : [])));
    expect(byPath.get('src/main.ts')).toMatchObject({ git: ['modified'] });
    expect(byPath.get('src/main.ts')).not.toHaveProperty('binary');
    expect(byPath.get('src/notes.md')).toMatchObject({ git: ['untracked'] });
    expect(byPath.get('src/logo.ico')).toMatchObject({ git: ['untracked'], binary: true });
    expect(byPath.get('src')).toMatchObject({ kind: 'folder', git: ['modified'] });
  });

  it('answers a first-rows request; the rest is null when its first rows were final, and for any other request', async () => {
    let first = await services.call('complete', { requestId: 'f-0', source: 'file', query: 'main', stage: 'first' });
    let id = 'f-0';
    for (let i = 1; i < 50 && first.ok && first.value.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      id = `f-${i}`;
      first = await services.call('complete', { requestId: id, source: 'file', query: 'main', stage: 'first' });
    }
    expect(first).toMatchObject({ ok: true, value: [{ type: 'path', kind: 'file', path: 'src/main.ts', size: 26 }] });
    // A two-file workspace is searched whole within the first rows' budget: nothing follows.
    expect(await services.call('completeRest', { requestId: id })).toEqual({ ok: true, value: null });
    expect(await services.call('completeRest', { requestId: 'unknown' })).toEqual({ ok: true, value: null });
  });

  it('offers @git counts with the subjects of the log', async () => {
    expect(await services.call('complete', { requestId: 'g', source: 'git', query: '' })).toMatchObject({
      ok: true,
      value: [
        { type: 'commit', count: 1, subject: 'Change the answer' },
        { type: 'commit', count: 2, subject: 'First commit' },
      ],
    });
  });

  it('platform calls without a platform say they are unavailable', async () => {
    expect(await services.call('copyText', { text: 'x' })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await services.call('pickWorkspace', {})).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});

describe('allowed hosts', () => {
  it("a workspace's own allowed hosts apply in that workspace only, added to the global ones", async () => {
    const server = await startTestServer({ '/notes': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('社内メモ\n') });
    try {
      const other = path.join(base, 'other');
      await fs.mkdir(other);
      const expandUrl = async () => {
        const result = await services.call('expand', { requestId: 'u', text: `@url:${server.url('/notes')}`, contextLength: 128000 });
        if (!result.ok) throw new Error(result.error.message);
        return result.value.references[0]?.status;
      };
      const plain = { endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
      expect(await expandUrl()).toBe('blocked');
      const saved = await services.call('saveSettings', { settings: { ...plain, workspaceAllowHosts: { [root]: [server.allowEntry] } } });
      expect(saved).toMatchObject({ ok: true, value: { workspaceAllowHosts: { [root]: [server.allowEntry] } } });
      expect(await expandUrl()).toBe('attached');
      // Saving without the field (as an older window would) keeps the workspaces' lists.
      await services.call('saveSettings', { settings: plain });
      expect(await expandUrl()).toBe('attached');
      await services.call('openWorkspace', { path: other });
      expect(await expandUrl()).toBe('blocked');
      await services.call('openWorkspace', { path: root });
      expect(await expandUrl()).toBe('attached');
      // An entry that is not a host is refused with its place named, and nothing changes.
      const refused = await services.call('saveSettings', { settings: { ...plain, workspaceAllowHosts: { [root]: ['http://127.0.0.1/'] } } });
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/workspaceAllowHosts.*not HOST or HOST:PORT/) } });
      expect(await expandUrl()).toBe('attached');
    } finally {
      await server.close();
    }
  });
});

describe('settings saved in quick succession', () => {
  it('land in the order they were asked, in memory and on disk', async () => {
    const plain = { endpoints: [], chosenEndpointId: null, limits: { ...DEFAULT_LIMITS }, allowHosts: [] };
    // Leaving a field and closing the panel at once: two saves in flight, the second one newer.
    const saves = Array.from({ length: 6 }, (_, i) => services.call('saveSettings', { settings: { ...plain, limits: { ...DEFAULT_LIMITS, maxReferences: 10 + i } } }));
    await Promise.all(saves);
    const now = await services.call('getSettings', {});
    expect(now.ok && now.value.limits.maxReferences).toBe(15);
    const onDisk = JSON.parse(await fs.readFile(path.join(base, 'user', 'settings.json'), 'utf8')) as { limits: { maxReferences: number } };
    expect(onDisk.limits.maxReferences).toBe(15);
  });
});
