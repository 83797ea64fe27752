/**
 * What an extraction gave, as the tests read it: a document's parts joined into one Markdown text.
 * Anything else (a problem, or output that is not a document) fails the test with what came back.
 */
import type { ExtractionResult } from '../src/main/extraction/protocol';

/** The parts of the document `result` holds, joined by `joiner`; throws when it holds none. */
export function documentMarkdown(result: ExtractionResult, joiner = '\n\n'): string {
  if (!result.ok) throw new Error(`expected a document, got ${result.problem}: ${result.detail}`);
  if (result.output.kind !== 'document') throw new Error(`expected a document, got ${result.output.kind} output`);
  return result.output.parts.map((p) => p.markdown).join(joiner);
}
