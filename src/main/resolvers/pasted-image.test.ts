import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { keepPastedImages, pastedImageLookup } from '../sessions/pasted-images';
import { openAiImageTokens } from '../../shared/image-tokens';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { pngDeclaring } from '../../../test-support/images';
import { DEFAULT_LIMITS } from '../../shared/limits';
import { createImageResolver } from './image';

// `@image:NAME` finds a pasted image in the current session's folder only, by a name of a fixed
// shape, and never the wrong one; `:image` attaches the picture alone without reading its text.

/** A 1×1 PNG, as a screenshot tool would paste one. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const dataUrl = `data:image/png;base64,${PIXEL.toString('base64')}`;

let area: TempArea;
let sessionA: string;
let sessionB: string;
let name: string;

beforeAll(async () => {
  area = await makeArea();
  await area.write('workspace/readme.md', 'hello');
  sessionA = join(area.root, 'sessions', 'a');
  sessionB = join(area.root, 'sessions', 'b');
  await mkdir(sessionB, { recursive: true });
  const [kept] = await keepPastedImages(sessionA, [{ name: null, dataUrl }, { name: 'fake.png', dataUrl: 'data:image/png;base64,bm90IGFuIGltYWdl' }]);
  name = kept!.reference;
});
afterAll(() => area.cleanup());

const engineFor = (session: string | null) =>
  createEngine({ workspace: join(area.root, 'workspace'), ...(session === null ? {} : { resolvers: [createImageResolver(pastedImageLookup(async () => session))] }) });

describe('@image: pasted images of the session', () => {
  it('is named by the first 12 hex digits of its sha256 and its extension; a file that is no image is not kept', async () => {
    expect(name).toBe(`${createHash('sha256').update(PIXEL).digest('hex').slice(0, 12)}.png`);
  });

  it('attaches the picture alone with :image: no OCR, cited by its sha256 and costed by the tile rule', async () => {
    const ref = (await engineFor(sessionA).expand(`見て @image:${name}:image`)).references[0]!;
    expect(ref.status).toBe('attached');
    expect(ref.block).toContain('is sent with this message as an image; its text was not read');
    expect(ref.source?.document).toMatchObject({ sha256: createHash('sha256').update(PIXEL).digest('hex'), format: 'png', extractor: 'none (sent as a picture)', image: { width: 1, height: 1, tokens: openAiImageTokens(1, 1), send: 'image' } });
    expect(ref.source?.realPath).toBe(join(sessionA, 'images', `${createHash('sha256').update(PIXEL).digest('hex')}.png`));
  });

  it('refuses, naming the fix, a name of another shape, before any lookup', async () => {
    for (const bad of ['3f2a.png', '../../secret.png', '3F2A91C0D4E1.png', '3f2a91c0d4e1.bmp']) {
      const ref = (await engineFor(sessionA).expand(`@image:${bad}`)).references[0]!;
      expect(ref.status, bad).toBe('not_found');
      expect(ref.warnings[0]?.message).toContain('is not the name of a pasted image');
    }
  });

  it('finds nothing without a session, in another session, or when two kept files share the name', async () => {
    const none = (await engineFor(null).expand(`@image:${name}`)).references[0]!;
    expect([none.status, none.warnings[0]?.message]).toEqual(['not_found', expect.stringContaining('no session is open')]);
    const other = (await engineFor(sessionB).expand(`@image:${name}`)).references[0]!;
    expect([other.status, other.warnings[0]?.message]).toEqual(['not_found', expect.stringContaining(`this session has no image ${name}`)]);
    // A second file whose digest starts with the same 12 digits: the name no longer says which.
    const twin = `${name.slice(0, 12)}${'0'.repeat(52)}.png`;
    await writeFile(join(sessionA, 'images', twin), PIXEL);
    const ambiguous = (await engineFor(sessionA).expand(`@image:${name}:image`)).references[0]!;
    expect(ambiguous.status).toBe('not_found');
  });

  it('counts a picture sent with the message toward the hard token limit where the endpoint accepts images, and not elsewhere', async () => {
    // Its header is all `:image` reads: 2048 × 2048 costs 765 tokens by the tile rule.
    await area.write('workspace/plan.png', pngDeclaring(2048, 2048));
    const limits = { ...DEFAULT_LIMITS, softTokenRatio: 0.4, hardTokenRatio: 0.6 };
    const expand = (imagesSent: boolean) => createEngine({ workspace: join(area.root, 'workspace'), contextLength: 1000, limits, imagesSent }).expand('see @file:plan.png:image');
    const sent = await expand(true);
    expect(sent.blocked).toBe(true);
    expect(sent.attachedTokens).toBe(0);
    const notSent = await expand(false);
    expect(notSent.blocked).toBe(false);
    expect(notSent.references[0]!.status).toBe('attached');
  });
});
