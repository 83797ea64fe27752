/**
 * Appends every item of `items` to `target`, in order, one at a time. `target.push(...items)`
 * passes each item as an argument, and past about 120,000 of them V8 throws "Maximum call stack
 * size exceeded": a sheet, a table or a section of a document can hold that many rows or
 * paragraphs, and that is not a reason to call the document damaged.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
