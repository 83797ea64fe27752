/**
 * Loads PDF.js (pdfjs-dist's legacy build, for Node) for text extraction only, the same way in the
 * tests, the CLI and the installed app (docs/decisions.md, "PDF.js without a canvas"):
 * - PDF.js wants `DOMMatrix` when its module loads, and in Node it borrows one from the native
 *   `@napi-rs/canvas`. Atmark never renders a page, so a plain 2-D matrix (below) stands in; the
 *   package leaves the native canvas out, and the tests would otherwise pass on a dependency the
 *   app does not ship.
 * - While PDF.js loads, its `require("@napi-rs/canvas")` is refused: loading that native module
 *   took 0.8-1.5 s on a busy two-core machine, more than reading most PDFs.
 */
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { keepingBuiltins } from './keep-builtins';

type PdfJs = typeof PdfJsModule;

/**
 * The 2-D affine matrix `[a b c d e f]` with the few operations PDF.js's display layer may touch
 * (it only builds one at load time when nothing is drawn). Text extraction never uses it.
 */
export class PlainMatrix {
  a = 1;
  b = 0;
  c = 0;
  d = 1;
  e = 0;
  f = 0;

  constructor(init?: ArrayLike<number>) {
    if (init && init.length >= 6) [this.a, this.b, this.c, this.d, this.e, this.f] = Array.from(init).slice(0, 6) as [number, number, number, number, number, number];
  }

  get is2D(): boolean {
    return true;
  }

  /** `this = this × other`. */
  multiplySelf(o: PlainMatrix): this {
    const { a, b, c, d, e, f } = this;
    this.a = a * o.a + c * o.b;
    this.b = b * o.a + d * o.b;
    this.c = a * o.c + c * o.d;
    this.d = b * o.c + d * o.d;
    this.e = a * o.e + c * o.f + e;
    this.f = b * o.e + d * o.f + f;
    return this;
  }

  /** `this = other × this`. */
  preMultiplySelf(o: PlainMatrix): this {
    const product = new PlainMatrix([o.a, o.b, o.c, o.d, o.e, o.f]).multiplySelf(this);
    return Object.assign(this, { a: product.a, b: product.b, c: product.c, d: product.d, e: product.e, f: product.f });
  }

  multiply(o: PlainMatrix): PlainMatrix {
    return new PlainMatrix([this.a, this.b, this.c, this.d, this.e, this.f]).multiplySelf(o);
  }

  translate(x = 0, y = 0): PlainMatrix {
    return this.multiply(new PlainMatrix([1, 0, 0, 1, x, y]));
  }

  scale(x = 1, y = x): PlainMatrix {
    return this.multiply(new PlainMatrix([x, 0, 0, y, 0, 0]));
  }

  /** Inverts in place; a singular matrix becomes all NaN, as the DOM's does. */
  invertSelf(): this {
    const det = this.a * this.d - this.b * this.c;
    if (det === 0) return Object.assign(this, { a: NaN, b: NaN, c: NaN, d: NaN, e: NaN, f: NaN });
    const { a, b, c, d, e, f } = this;
    return Object.assign(this, { a: d / det, b: -b / det, c: -c / det, d: a / det, e: (c * f - d * e) / det, f: (b * e - a * f) / det });
  }

  inverse(): PlainMatrix {
    return new PlainMatrix([this.a, this.b, this.c, this.d, this.e, this.f]).invertSelf();
  }
}

let loading: Promise<PdfJs> | null = null;

/** PDF.js, loaded once per thread without the native canvas (see the module comment). */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= importWithoutCanvas();
  return loading;
}

async function importWithoutCanvas(): Promise<PdfJs> {
  const g = globalThis as { DOMMatrix?: unknown; pdfjsWorker?: unknown };
  g.DOMMatrix ??= PlainMatrix;
  const original = process.getBuiltinModule.bind(process);
  // PDF.js reaches `require` through process.getBuiltinModule('module') at load time; for that one
  // load, a require that refuses the native canvas (and passes everything else through).
  const refusing = (id: string): unknown => {
    const builtin = original(id as 'module');
    if (id !== 'module' && id !== 'node:module') return builtin;
    return {
      ...builtin,
      createRequire: (from: string | URL) => {
        const real = builtin.createRequire(from);
        return Object.assign((name: string) => {
          if (name === '@napi-rs/canvas') throw new Error('Atmark reads PDF text without a canvas');
          return real(name);
        }, real);
      },
    };
  };
  (process as { getBuiltinModule: unknown }).getBuiltinModule = refusing;
  try {
    // The legacy build's polyfills may replace the thread's own `push` and `JSON`: put back
    // (keep-builtins.ts).
    return await keepingBuiltins(async () => {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      // In Node PDF.js runs its "worker" in this thread, importing pdf.worker.mjs on the first
      // getDocument: loaded here instead (through the global PDF.js looks for first), that load is
      // part of warming the reader, not of reading someone's first PDF against its budget.
      g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return pdfjs;
    });
  } finally {
    (process as { getBuiltinModule: unknown }).getBuiltinModule = original;
  }
}
