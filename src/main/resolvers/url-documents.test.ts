import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlResolver } from './url';
import { makeContext } from '../../../test-support/context';
import type { Resolution } from '../resolve';
import type { ParsedReference } from '../../shared/reference';
import type { Limits } from '../../shared/limits';
import { send, startTestServer, type TestServer } from '../../../test-support/net-server';
import { makeDocx, makePdf, makeZipBomb, nestedDivPage } from '../../../test-support/documents';

// Extraction counts work (CPU time), not the clock: a budget of one second of work, set here, keeps
// the hostile pages short on any machine, however busy.
const WORK_BUDGET_MS = 1_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    '/nested-20k': send(nestedDivPage(20_000), 'text/html'),
    '/nested-100k': send(nestedDivPage(100_000), 'text/html'),
    '/paper': send(Buffer.from(await makePdf(4)), 'application/octet-stream'),
    '/paper-as-text': send(Buffer.from(await makePdf(2)), 'text/plain'),
    '/plan': send(Buffer.from(await makeDocx()), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    '/bomb': send(Buffer.from(makeZipBomb()), 'application/zip'),
    '/long': send(Buffer.from(await makePdf(60, 40, 'considerably longer sentence that fills the page with words')), 'application/pdf'),
    '/legacy': send(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(600).fill(0)]), 'application/msword'),
    '/nul.txt': send(Buffer.from('text with a NUL \0 inside'), 'text/plain'),
  });
}, 60_000);
afterAll(() => server.close());

function ref(value: string): ParsedReference {
  return { raw: `@url:${value}`, kind: 'url', value, from: 0, to: value.length + 5, quoted: false };
}

async function resolveAt(path: string, limits: Partial<Limits> = {}): Promise<{ r: Resolution }> {
  const r = await urlResolver.resolve(ref(server.url(path)), makeContext('/nonexistent', { allowHosts: [server.allowEntry], limits }));
  return { r };
}

describe('@url: pages that take too long to extract', () => {
  // Each case ends, attached or refused with its reason, within its budget of work (only the
  // test's own timeout would catch a page that ran on).
  for (const depth of [20_000, 100_000]) {
    it(`a page of ${depth.toLocaleString('en')} nested <div> ends within its budget of work`, async () => {
      const { r } = await resolveAt(`/nested-${depth / 1000}k`, { documentTimeoutMs: WORK_BUDGET_MS });
      if (!r.ok) {
        expect(r.code).toBe('failed');
        expect(r.message).toMatch(/could not be turned into text|needs more memory/);
      } else {
        expect(r.text).toContain('deep text');
      }
    });
  }
});

describe('@url: documents, recognised by their bytes', () => {
  it('a PDF served as application/octet-stream is extracted with page markers and a citation', async () => {
    const { r } = await resolveAt('/paper');
    if (!r.ok) throw new Error(r.message);
    expect(r.text).toContain('<!-- page 4 of 4 -->');
    expect(r.text).toContain('Page 3 line 2');
    expect(r.source.document).toMatchObject({ format: 'pdf', first: 1, last: 4, count: 4 });
    expect(r.source.finalUrl).toBe(server.url('/paper'));
  });

  it('a PDF labelled text/plain is still read as a PDF, not attached as bytes', async () => {
    const { r } = await resolveAt('/paper-as-text');
    if (!r.ok) throw new Error(r.message);
    expect(r.text).toContain('<!-- page 1 of 2 -->');
  });

  it('a Word document keeps its headings and tables', async () => {
    const { r } = await resolveAt('/plan');
    if (!r.ok) throw new Error(r.message);
    expect(r.text).toContain('# Quarterly plan');
    expect(r.text).toContain('| item | cost |');
  });

  it('over the per-reference limit says how to attach a page range (URLs take none)', async () => {
    const { r } = await resolveAt('/long');
    if (r.ok) throw new Error('expected too_large');
    expect(r.code).toBe('too_large');
    expect(r.message).toBe('the PDF is over the per-reference limit of 64 KiB. Save it into the workspace and attach a page range with @file:NAME:FIRST-LAST.');
  });

  it('a password-protected or legacy Office file is refused in one sentence', async () => {
    const { r } = await resolveAt('/legacy');
    if (r.ok) throw new Error('expected a refusal');
    expect(r.message).toMatch(/^this Office file is password-protected or in the old binary format/);
  });

  it('a zip bomb is refused', async () => {
    const { r } = await resolveAt('/bomb');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('zip bomb');
  });

  it('a text body holding NUL bytes is refused as binary whatever its type', async () => {
    const { r } = await resolveAt('/nul.txt');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('blocked');
  });
});
