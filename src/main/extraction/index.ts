/**
 * The document reader's face: run an extraction in the worker pool, warm it, and the formats,
 * budgets, messages and limits the resolvers and services share with it. The readers themselves
 * (pdf.js, mammoth, …) load only inside the extraction worker, through ./documents.ts.
 */
export { hasDocumentsNear } from './warm-when';
export { warmExtraction, DEFAULT_EXTRACTION_MEMORY_MB, runExtraction } from './run-extraction';
export { countRows } from './csv';
export { decodeXml } from './sheet-values';
export { readZipDirectory, type ZipEntry } from './zip';
export { MAX_BLOCK_CELLS } from './cell-block';
// The sentences of reading documents, every one of them for the resolvers.
export * from './messages';
export { type DocumentOutput, type DocumentFormat } from './protocol';
export { isFlowingText, sniffNamedDocument, unitOf, sniffDocument } from './document-format';
export { MAX_MAIL_BYTES } from './mail-limits';
export { documentBudget, imageBudget } from './budget';
