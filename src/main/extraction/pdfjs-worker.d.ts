// PDF.js ships no types for its worker module; Atmark only hands it back to PDF.js (pdfjs.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
