/**
 * Inflates packed objects through one zlib context kept for the thread and reset between objects.
 * `zlib.inflateSync` builds a stream (a Transform with its states), a zlib context and its window
 * for every call and closes them after: 26-33 µs a call whatever the size, and a first `@git:10`
 * inflates about 860 pack entries (issue 27). No public call inflates synchronously into a context
 * kept between calls, so this drives the context that `zlib.createInflate()` made, through the
 * calls its own synchronous path makes. Before the first use the context must inflate known
 * streams to the bytes `inflateSync` gives, refuse a cut one and come back from that refusal; if
 * any of it differs (another Node, another zlib), every call goes to `inflateSync` as before.
 */
import { constants, createInflate, deflateSync, inflateSync } from 'node:zlib';

/** The context's calls, as Node's zlib module uses them. */
interface ZlibHandle {
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  reset(): void;
  onerror: (message: string, errno: number) => void;
}

interface Engine {
  handle: ZlibHandle;
  /** What the last write left: output bytes free, input bytes unread. */
  state: Uint32Array;
  error: string | null;
}

let engine: Engine | null | undefined;

/** The thread's context, made and checked on first use; null when it cannot be used. */
function engineOf(): Engine | null {
  if (engine !== undefined) return engine;
  engine = null;
  try {
    const stream = createInflate() as unknown as { _handle?: ZlibHandle; _writeState?: unknown };
    const handle = stream._handle;
    const state = stream._writeState;
    if (!handle || !(state instanceof Uint32Array) || state.length < 2 || typeof handle.writeSync !== 'function' || typeof handle.reset !== 'function') return null;
    const made: Engine = { handle, state, error: null };
    handle.onerror = (message: string) => {
      made.error = message || 'zlib error';
    };
    if (selfCheck(made)) engine = made;
  } catch {
    engine = null;
  }
  return engine;
}

/** The context gives inflateSync's bytes, refuses a cut stream, and inflates again after that. */
function selfCheck(e: Engine): boolean {
  const text = Buffer.from('Atmark reads packed git objects. '.repeat(40) + 'αβγ 한국어 日本語\n');
  const whole = deflateSync(text);
  const first = run(e, whole, text.length);
  if (!first || !first.equals(inflateSync(whole))) return false;
  if (run(e, whole.subarray(0, whole.length - 6), text.length) !== null) return false;
  const again = run(e, whole, text.length);
  return again !== null && again.equals(text) && run(e, whole, text.length - 1) === null;
}

/** One stream through the context: exactly `size` bytes, or null. */
function run(e: Engine, input: Buffer, size: number): Buffer | null {
  // One spare byte: a stream longer than its header says fills it and is refused.
  const out = Buffer.allocUnsafe(size + 1);
  e.error = null;
  try {
    e.handle.writeSync(constants.Z_FINISH, input, 0, input.length, out, 0, out.length);
  } finally {
    e.handle.reset();
  }
  if (e.error !== null) return null;
  const made = out.length - (e.state[0] as number);
  return made === size ? out.subarray(0, size) : null;
}

/**
 * A zlib stream inflated to exactly `size` bytes (what follows the stream in `input` is not read);
 * null when it is cut short, damaged, or inflates to another size.
 */
export function inflateExactly(input: Buffer, size: number): Buffer | null {
  const e = engineOf();
  if (e) {
    try {
      return run(e, input, size);
    } catch {
      // Damage is reported through the error callback, not thrown: a throw means the context
      // itself is in a state it should not be. From now on this thread uses inflateSync.
      engine = null;
    }
  }
  try {
    const out = inflateSync(input, inflateOptions(size));
    return out.length === size ? out : null;
  } catch {
    return null;
  }
}

/**
 * Objects up to this size go through the kept context, whose output buffer is the whole object at
 * once; a larger header's claim is not allocated before its bytes come.
 */
const REUSED_INFLATE_BYTES = 1024 * 1024;

/** A packed object's stream inflated, at most `size` bytes; null when it does not inflate (cut short, or damaged). */
export function inflatePacked(input: Buffer, size: number): Buffer | null {
  if (size <= REUSED_INFLATE_BYTES) return inflateExactly(input, size);
  try {
    return inflateSync(input, inflateOptions(size));
  } catch {
    return null;
  }
}

/**
 * Options for `inflateSync` of an object of `size` bytes: its size as the cap, and an output buffer
 * of that size (up to 1 MiB) instead of zlib's 16 KiB default, so a small object takes one small
 * buffer (from Node's pool) and a large one is not pieced together from many (measured: about
 * twice as fast over the objects of a first `@git:10`).
 */
export function inflateOptions(size: number): { maxOutputLength: number; chunkSize: number } {
  return { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, Math.min(size + 1, 1024 * 1024)) };
}

/** Whether this thread inflates through its kept context (false: through `inflateSync`). */
export function inflaterReused(): boolean {
  return engineOf() !== null;
}
