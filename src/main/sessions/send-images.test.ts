import { mkdtempSync, rmSync } from 'node:fs';
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

async function sendPhoto(acceptsImages: boolean): Promise<{ messages: Array<{ role: string; content: unknown }> }> {
  server = await startOpenAiServer({ kind: 'stream' });
  ws = makeWorkspace();
  ws.write('photo.jpg', Buffer.from(photo));
  root = mkdtempSync(join(tmpdir(), 'atmark-send-images-'));
  const opened = await openSession(join(root, 'session'));
  if (!opened.ok) throw new Error(opened.message);
  const engine = createEngine({ workspace: ws.root });
  const endpoint = endpointFromPreset('custom', [], { name: 'Test server', baseUrl: server.baseUrl, model: 'test-model', acceptsImages });
  const message = 'What does @file:photo.jpg say?';
  const preview = await engine.expand(message);
  expect(preview.references[0]!.status).toBe('attached');
  const out = await send({ engine, session: opened.session, endpoint, apiKey: null, message, expansion: preview });
  expect(out.ok).toBe(true);
  expect(server.requests).toHaveLength(1);
  return JSON.parse(server.requests[0]!.body) as { messages: Array<{ role: string; content: unknown }> };
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
    expect(JSON.stringify(body)).not.toContain('image_url');
  }, 300_000);
});
