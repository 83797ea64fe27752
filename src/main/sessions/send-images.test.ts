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
import { createImageResolver } from '../resolvers/image';
import { keepPastedImages, pastedImageLookup } from './pasted-images';
import { openSession } from './session-store';

// A screenshot with GPS EXIF attached by @file (or pasted: kept in the session and attached by
// @image) and sent to a real server on loopback: the server receives the image part (without the
// EXIF) only when the endpoint is marked as accepting images and the reference did not ask for its
// text alone, and the OCR text unless the reference asked for the picture alone.

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
  requests: number;
}

/** Sends `message` (`{pasted}` stands for the pasted photo's `@image:` name) to a loopback server. */
async function sendPhoto(acceptsImages: boolean, message = 'What does @file:photo.jpg say?'): Promise<Sent> {
  server = await startOpenAiServer({ kind: 'stream' });
  ws = makeWorkspace();
  ws.write('photo.jpg', Buffer.from(photo));
  root = mkdtempSync(join(tmpdir(), 'atmark-send-images-'));
  const opened = await openSession(join(root, 'session'));
  if (!opened.ok) throw new Error(opened.message);
  const sessionDir = opened.session.dir;
  const [kept] = await keepPastedImages(sessionDir, [{ name: null, dataUrl: `data:image/jpeg;base64,${Buffer.from(photo).toString('base64')}` }]);
  const text = message.replace('{pasted}', `@image:${kept!.reference}`);
  const engine = createEngine({ workspace: ws.root, resolvers: [createImageResolver(pastedImageLookup(async () => sessionDir))] });
  const endpoint = endpointFromPreset('custom', [], { name: 'Test server', baseUrl: server.baseUrl, model: 'test-model', acceptsImages });
  const preview = await engine.expand(text);
  for (const ref of preview.references) expect(ref.status, JSON.stringify(ref.warnings)).toBe('attached');
  const out = await send({ engine, session: opened.session, endpoint, apiKey: null, message: text, expansion: preview });
  const body = server.requests[0] ? (JSON.parse(server.requests[0].body) as { messages: Array<{ role: string; content: unknown }> }) : { messages: [] };
  return { messages: body.messages, run: out, sessionDir, requests: server.requests.length };
}

type Part = { type: string; text?: string; image_url?: { url: string; detail: string } };

describe('images sent to a model', () => {
  it('an endpoint that accepts images receives the text and the image part, with the EXIF gone', async () => {
    const body = await sendPhoto(true);
    expect(body.run.ok).toBe(true);
    const content = body.messages[0]!.content as Part[];
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
    expect(body.run.ok).toBe(true);
    expect(typeof body.messages[0]!.content).toBe('string');
    expect(body.messages[0]!.content).toContain('四半期の売上報告');
    expect(JSON.stringify(body.messages)).not.toContain('image_url');
  }, 300_000);

  it('a pasted image, kept in the session folder by its sha256, is read and sent by its @image reference, without its EXIF', async () => {
    const sha256 = createHash('sha256').update(photo).digest('hex');
    const sent = await sendPhoto(true, '{pasted} の内容を説明して');
    const kept = join(sent.sessionDir, 'images', `${sha256}.jpg`);
    expect(existsSync(kept)).toBe(true);
    expect(readFileSync(kept).equals(Buffer.from(photo))).toBe(true);
    if (!sent.run.ok) throw new Error('not sent');
    const cited = sent.run.run.references.find((c) => c.kind === 'image');
    expect(cited?.target).toBe(`${sha256.slice(0, 12)}.jpg`);
    expect(cited?.source?.document?.sha256).toBe(sha256);
    const content = sent.messages[0]!.content as Part[];
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(content[0]!.text).toContain('四半期の売上報告');
    expect(Buffer.from(content[1]!.image_url!.url.split(',')[1]!, 'base64').toString('latin1')).not.toContain(EXIF_SERIAL);
  }, 300_000);

  it('a reference that asks for its text alone sends no picture, even to an endpoint that accepts images', async () => {
    const sent = await sendPhoto(true, 'What does @file:photo.jpg:text say?');
    expect(sent.run.ok).toBe(true);
    expect(typeof sent.messages[0]!.content).toBe('string');
    expect(sent.messages[0]!.content).toContain('四半期の売上報告');
  }, 300_000);

  it('a reference that asks for the picture alone sends the image part and not its text, and is read without OCR', async () => {
    const sent = await sendPhoto(true, '{pasted}:image を見て');
    expect(sent.run.ok).toBe(true);
    const content = sent.messages[0]!.content as Part[];
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(content[0]!.text).not.toContain('四半期の売上報告');
    expect(content[0]!.text).toContain('is sent with this message as an image');
    if (!sent.run.ok) throw new Error('not sent');
    expect(sent.run.run.references[0]?.source?.document?.extractor).toBe('none (sent as a picture)');
  }, 300_000);

  it('a picture alone is refused before anything is sent to an endpoint that does not accept images, naming the reference and the fix', async () => {
    const sent = await sendPhoto(false, 'What is in @file:photo.jpg:image?');
    expect(sent.run.ok).toBe(false);
    if (sent.run.ok) return;
    expect(sent.run.code).toBe('blocked');
    expect(sent.run.run).toBeNull();
    expect(sent.run.message).toContain('@file:photo.jpg:image');
    expect(sent.run.message).toContain('Test server');
    expect(sent.run.message).toMatch(/Choose Text or Both/);
    expect(sent.requests).toBe(0);
  }, 300_000);
});
