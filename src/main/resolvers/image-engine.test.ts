import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { makeArea, type TempArea } from '../../../test-support/fs';
import { expandAttached, expandBlockless } from '../../../test-support/engine-refs';
import { closeImageBrowser, pngDeclaring, renderBlankImage, renderTextImage } from '../../../test-support/images';

// Images through the whole engine as @file: OCR text attached, cited by the image's sha256,
// measured by the meters; a huge image refused by its header; a blank one said to hold no text.

let area: TempArea;
let screenshot: Uint8Array;

beforeAll(async () => {
  area = await makeArea();
  screenshot = await renderTextImage(['会議は木曜日の午後に開きます', '資料を確認してください'], { lang: 'ja' });
  await area.write('shot.png', screenshot);
  await area.write('blank.png', await renderBlankImage());
  await area.write('huge.png', pngDeclaring(30_000, 30_000));
  await area.write('fake.png', new TextEncoder().encode('this is text named like a PNG'));
  // Symbols no model knows: OCR reads something, with low confidence.
  await area.write('symbols.png', await renderTextImage(['ℵℶℷ ∰∱∲ ⨌⨍ ⫷⫸ ⟁⟂'], { px: 24 }));
}, 120_000);
afterAll(async () => {
  await closeImageBrowser();
  await area.cleanup();
});

const engine = () => createEngine({ workspace: area.root, now: () => new Date('2025-01-02T03:04:05.000Z') });

describe('images through the engine', () => {
  it('attaches the OCR text of a screenshot, cited by the sha256 of the image, and meters the text', async () => {
    const { result, ref } = await expandAttached(engine(), 'Summarise @file:shot.png');
    expect(ref.block).toContain('木曜日');
    expect(ref.block).toContain('資料を確認');
    expect(ref.source?.document).toMatchObject({ sha256: createHash('sha256').update(screenshot).digest('hex'), format: 'png' });
    expect(ref.source?.document?.extractor).toMatch(/^tesseract\.js /);
    expect(result.message).toContain('(PNG image)');
    expect(ref.tokens).toBeGreaterThan(0);
    expect(ref.bytes).toBeLessThan(screenshot.length);
  }, 300_000);

  it('refuses a PNG declaring 30000 × 30000 pixels, naming the size and the cap', async () => {
    const ref = await expandBlockless(engine(), '@file:huge.png');
    expect(ref.warnings[0]).toMatchObject({ code: 'too_large' });
    expect(ref.warnings[0]!.message).toContain('30,000 × 30,000 pixels');
    expect(ref.warnings[0]!.message).toContain('40 megapixels');
  }, 300_000);

  it('says an image with no text holds none', async () => {
    const ref = await expandBlockless(engine(), '@file:blank.png');
    expect(ref.warnings[0]!.message).toContain('no text was found in the PNG image');
  }, 300_000);

  it('warns when the text was read with low confidence', async () => {
    const { ref } = await expandAttached(engine(), '@file:symbols.png');
    expect(ref.warnings.map((w) => w.message).join(' ')).toMatch(/read from the image with low confidence \(\d+ of 100\)/);
  }, 300_000);

  it('a file named .png that is not an image is refused as one', async () => {
    const ref = await expandBlockless(engine(), '@file:fake.png');
    expect(ref.warnings[0]!.message).toContain('named like a PNG image');
  }, 300_000);
});
