/**
 * A damaged run file (issue 26, finding 13): the history counts it, so the list of runs must not
 * drop it without a word. Through the sessions service on a real session folder: the good run is
 * listed, and a notice names the damaged file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sentence } from '../storage';
import { createEngine } from '../engine';
import { createSession } from '../sessions';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { createSessionsService } from './sessions-service';

let user = '';
let ws: TempWorkspace | undefined;
afterEach(() => {
  if (user) fs.rmSync(user, { recursive: true, force: true });
  ws?.cleanup();
});

describe('listRuns with a damaged run file', () => {
  it('lists the good run and says which file is damaged', async () => {
    user = fs.mkdtempSync(path.join(os.tmpdir(), 'atmark-runs-'));
    ws = makeWorkspace();
    const made = await createSession(path.join(user, 'sessions'));
    if (!made.ok) throw new Error(made.message);
    const engine = createEngine({ workspace: ws.root });
    const runs = [];
    for (const m of ['first question', 'second question']) {
      const created = await made.session.createRun(await engine.expand(m), { workspace: ws.root, endpoint: null, status: 'expanded' });
      if (!created.ok) throw new Error('run not created');
      runs.push(created.value);
    }
    const damaged = path.join(made.session.dir, 'runs', `${runs[0]!.id}.json`);
    fs.writeFileSync(damaged, '{"version": 1, "id": "half a ru');
    const notices: Sentence[] = [];
    const service = createSessionsService(user, () => undefined, (n) => notices.push(n));
    const listed = await service.runs(made.session.id);
    expect(listed.ok && listed.value.map((r) => r.id)).toEqual([runs[1]!.id]);
    expect(notices.map((n) => n.message).join(' ')).toContain(path.basename(damaged));
  });
});
