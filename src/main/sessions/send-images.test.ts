import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { endpointFromPreset } from '../settings/presets';
import { startOpenAiServer, type OpenAiTestServer } from '../../../test-support/openai-server';
import { makeWorkspace, type TempWorkspace } from '../../../test-support/workspace';
import { EXIF_SERIAL, closeImageBrowser, renderTextImage, withGpsExif } from '../../../test-support/images';
import { send } from './send';
import { openSession } from './session-store';

// A screenshot with GPS EXIF attached by @file and sent to a real server on loopback: the server
// receives the image part (without the EXIF) only when the endpoint is marked as accepting images,
// and the OCR text in both cases.

let photo: Uint8Array;
let server: OpenAiTestServer;
let ws: TempWorkspace;
let root: string;

beforeAll(async () => {
  photo = withGpsExif(await renderTextImage(['四半期の売上報告', 'Quarterly sales report'], { lang: 'ja', type: 'jpeg' }));
}, 120_000);
afterAll(() => closeImageBrowser());
afterEach(async () => {
  await server?.close();
  ws?.cleanup();
  rmSync(root, { recursive: true, force: true });
});

interface Sent {
  messages: Array<{ role: string; content: unknown }>;
  run: Awaited<ReturnType<typeof send>>;
  sessionDir: string;
}

async function sendPhoto(acceptsImages: boolean, message = 'What does @file:photo.jpg say?', pasted: Array<{ name: string | null; dataUrl: string }> = []): Promise<Sent> {
  server = await startOpenAiServer({ kind: 'stream' });
  ws = makeWorkspace();
  ws.write('photo.jpg', Buffer.from(photo));
  root = mkdtempSync(join(tmpdir(), 'atmark-send-images-'));
  const opened = await openSession(join(root, 'session'));
  if (!opened.ok) throw new Error(opened.message);
  const engine = createEngine({ workspace: ws.root });
  const endpoint = endpointFromPreset('custom', [], { name: 'Test server', baseUrl: server.baseUrl, model: 'test-model', acceptsImages });
  const preview = await engine.expand(message);
  if (preview.references.length) expect(preview.references[0]!.status).toBe('attached');
  const out = await send({ engine, session: opened.session, endpoint, apiKey: null, message, expansion: preview, pastedImages: pasted });
  expect(out.ok).toBe(true);
  expect(server.requests).toHaveLength(1);
  const body = JSON.parse(server.requests[0]!.body) as { messages: Array<{ role: string; content: unknown }> };
  return { messages: body.messages, run: out, sessionDir: opened.session.dir };
}

describe('images sent to a model', () => {
  it('an endpoint that accepts images receives the text and the image part, with the EXIF gone', async () => {
    const body = await sendPhoto(true);
    const content = body.messages[0]!.content as Array<{ type: string; text?: string; image_url?: { url: string; detail: string } }>;
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(content[0]!.text).toContain('四半期の売上報告');
    const url = content[1]!.image_url!.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(content[1]!.image_url!.detail).toBe('high');
    const sent = Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
    expect(sent.toString('latin1')).not.toContain(EXIF_SERIAL);
    expect(sent.toString('latin1')).not.toContain('Exif\0\0');
    expect(sent.length).toBeGreaterThan(1000);
  }, 300_000);

  it('an endpoint not marked as accepting images receives the OCR text only', async () => {
    const body = await sendPhoto(false);
    expect(typeof body.messages[0]!.content).toBe('string');
    expect(body.messages[0]!.content).toContain('四半期の売上報告');
    expect(JSON.stringify(body.messages)).not.toContain('image_url');
  }, 300_000);

  it('a pasted image is kept in the session folder by its sha256, cited by the run, and sent without its EXIF', async () => {
    const dataUrl = `data:image/jpeg;base64,${Buffer.from(photo).toString('base64')}`;
    const sha256 = createHash('sha256').update(photo).digest('hex');
    const sent = await sendPhoto(true, 'Describe the pasted photo', [{ name: null, dataUrl }, { name: 'fake.png', dataUrl: 'data:image/png;base64,bm90IGFuIGltYWdl' }]);
    const kept = join(sent.sessionDir, 'images', `${sha256}.jpg`);
    expect(existsSync(kept)).toBe(true);
    expect(readFileSync(kept).equals(Buffer.from(photo))).toBe(true);
    if (!sent.run.ok) throw new Error('not sent');
    expect(sent.run.run.images).toEqual([{ name: null, sha256, format: 'jpeg', width: expect.any(Number), height: expect.any(Number), sent: true }]);
    const content = sent.messages[0]!.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(Buffer.from(content[1]!.image_url!.url.split(',')[1]!, 'base64').toString('latin1')).not.toContain(EXIF_SERIAL);
  }, 300_000);

  it('a pasted image is kept but not sent to an endpoint that does not accept images', async () => {
    const dataUrl = `data:image/jpeg;base64,${Buffer.from(photo).toString('base64')}`;
    const sent = await sendPhoto(false, 'Describe the pasted photo', [{ name: 'photo.jpg', dataUrl }]);
    if (!sent.run.ok) throw new Error('not sent');
    expect(sent.run.run.images?.[0]).toMatchObject({ name: 'photo.jpg', sent: false });
    expect(typeof sent.messages[0]!.content).toBe('string');
  }, 300_000);
});
