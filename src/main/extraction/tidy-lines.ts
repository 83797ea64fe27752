/**
 * Tidies text a reader put together line by line (a PDF page's items, OCR's lines): trailing
 * spaces go, runs of blank lines become one, and the lines themselves stay as they are.
 */
export function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+$/u, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
