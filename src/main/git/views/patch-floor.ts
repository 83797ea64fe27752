/**
 * The least a view's patch text can cost, counted while its changes are collected, so a view that
 * must be refused as too large is refused before it is read whole. Every change git prints begins
 * with `diff --git a/PATH b/PATH`: at least the path's bytes plus 8 for each change (a rename pairs
 * two changes into one header naming both paths, still at least their sum plus 16). Once that floor
 * passes the renderer's byte limit, rendering would fail anyway; stopping at once spares reading
 * every tree of, say, a root commit that adds 120,000 files (a heap of change records and seconds
 * of inflating, for a refusal). Only changes inside the workspace folder count, since only they are
 * rendered (see workspace-scope.ts).
 */
import { inWorkspace } from './workspace-scope';

/** Thrown while collecting: the view's patch would pass the limit whatever its content. */
export class ViewTooLarge extends Error {
  constructor(readonly bytesAtLeast: number) {
    super(`the patch would be at least ${bytesAtLeast} bytes`);
    this.name = 'ViewTooLarge';
  }
}

/** The smallest header a change of `path` can have, in UTF-8 bytes. */
const headerFloor = (path: string): number => Buffer.byteLength(path, 'utf8') + 8;

/** Counts changes against the renderer's byte limit. */
export class PatchFloor {
  private counted = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly prefix = '',
  ) {}

  /** The floor so far, in bytes. */
  get bytes(): number {
    return this.counted;
  }

  /** Counts one change of `path`; throws {@link ViewTooLarge} once the floor passes the limit. */
  count(path: string): void {
    if (!inWorkspace(path, this.prefix)) return;
    this.counted += headerFloor(path);
    if (this.counted > this.maxBytes) throw new ViewTooLarge(this.counted);
  }
}
