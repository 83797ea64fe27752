import type { ExtractionProblem } from './protocol';

/**
 * Thrown inside the extraction worker when a document cannot be read for a known reason
 * (encrypted, damaged, a zip bomb, no text layer); `extractJob` turns it into a result value.
 */
export class DocumentProblem extends Error {
  constructor(
    readonly problem: ExtractionProblem,
    detail = '',
  ) {
    super(detail || problem);
    this.name = 'DocumentProblem';
  }
}
