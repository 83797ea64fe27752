/**
 * The first reference of a message expanded through the whole engine, as the engine tests of the
 * document, image and mail readers check it: attached (status `attached`) or attaching nothing
 * (no block). Not imported by product code.
 */
import { expect } from 'vitest';
import type { ExpansionResult, ExpandedReference } from '../src/shared/expansion';
import type { Engine } from '../src/main/engine';

/** Expands `message` and returns the result and its first reference, which must have attached. */
export async function expandAttached(engine: Engine, message: string): Promise<{ result: ExpansionResult; ref: ExpandedReference }> {
  const result = await engine.expand(message);
  const ref = result.references[0]!;
  expect(ref.status).toBe('attached');
  return { result, ref };
}

/** Expands `message` and returns its first reference, which must have attached nothing. */
export async function expandBlockless(engine: Engine, message: string): Promise<ExpandedReference> {
  const ref = (await engine.expand(message)).references[0]!;
  expect(ref.block).toBeNull();
  return ref;
}
