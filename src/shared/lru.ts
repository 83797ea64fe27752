/**
 * A map that keeps its most recently used entries: at most `capacity` of them, and, when a weight is
 * given, at most `maxWeight` in total (a text cache bounded by characters, of its values or of its
 * keys). The least recently used entry goes first. Map order is the recency order: a read moves the
 * entry to the end.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V, key: K) => number = () => 0,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  /** The value under `key`, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value`; a value heavier than a quarter of `maxWeight` is not kept (it would push out all the rest). */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value, key);
    if (weight > this.maxWeight / 4) return;
    this.entries.set(key, value);
    this.weight += weight;
    while (this.entries.size > this.capacity || this.weight > this.maxWeight) {
      const [oldest, old] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldest);
      this.weight -= this.weigh(old, oldest);
    }
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(old, key);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight of the entries kept (0 without a weight function). */
  get totalWeight(): number {
    return this.weight;
  }
}

/**
 * Bytes a string may take in memory: two per UTF-16 unit, the most V8 spends (a Latin-1 string
 * takes one). Caches of texts weigh with it, so their bounds are bytes whatever the text.
 */
export function textBytes(text: string | undefined): number {
  return text === undefined ? 0 : text.length * 2;
}
