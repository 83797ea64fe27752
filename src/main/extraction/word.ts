/**
 * Word (.docx) to Markdown with mammoth: headings, lists, emphasis, links and tables. Images are
 * left out (their alternative text is kept), as are macros and embedded objects, which mammoth
 * never reads anyway and `repack` drops before it sees the file. Word files hold no fixed pages
 * (pages exist only when a program lays the text out), so the whole document is one part.
 */
import mammoth from 'mammoth';
import { createTurndown } from '../net/extract';
import { DocumentProblem } from './document-problem';
import { markdownTable } from './markdown';
import { extractorName } from './packages';
import { PartCollector, type ProgressListener } from './part-collector';
import type { DocumentJob, DocumentOutput } from './protocol';
import { repack } from './repack';
import { noticesOf } from './zip-notices';
import { ZipArchive } from './zip';

interface TableLike {
  rows: ArrayLike<{ cells: ArrayLike<{ textContent: string | null }> }>;
}

/** Turndown for documents: tables become GFM tables whatever their first row holds. */
function documentTurndown() {
  const td = createTurndown();
  td.addRule('documentTable', {
    filter: 'table',
    replacement: (_content, node) => {
      const rows = Array.from((node as unknown as TableLike).rows, (row) => Array.from(row.cells, (cell) => cell.textContent ?? ''));
      return `\n\n${markdownTable(rows)}\n\n`;
    },
  });
  td.addRule('documentImage', { filter: 'img', replacement: (_c, node) => ((node as unknown as { alt?: string }).alt ? `[image: ${(node as unknown as { alt: string }).alt}]` : '') });
  return td;
}

/** Extracts a .docx as one Markdown part. */
export async function extractWord(job: DocumentJob, onProgress?: ProgressListener): Promise<DocumentOutput> {
  const archive = new ZipArchive(job.bytes, job.maxInflatedBytes);
  if (!archive.has('word/document.xml')) throw new DocumentProblem('damaged', 'no word/document.xml');
  const notices = noticesOf(archive);
  const result = await mammoth.convertToHtml(
    { buffer: Buffer.from(repack(archive)) },
    // Images are not read: only their alternative text is kept.
    { convertImage: mammoth.images.imgElement(async (image) => ({ src: '', alt: (image as { altText?: string }).altText ?? '' }) as { src: string }) },
  );
  const markdown = documentTurndown().turndown(result.value).trim();
  const collector = new PartCollector(null, job.maxTextBytes, 'page', onProgress);
  collector.add(1, '', markdown);
  return {
    kind: 'document',
    format: 'docx',
    extractor: extractorName('mammoth'),
    unit: 'page',
    unitCount: null,
    parts: collector.parts,
    stoppedAt: collector.stoppedAt,
    notices,
  };
}
