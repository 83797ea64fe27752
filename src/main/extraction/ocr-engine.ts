/**
 * The OCR engine: tesseract.js 7 with the Japanese, Korean and English LSTM models shipped as npm
 * packages (`@tesseract.js-data/{jpn,kor,eng}`, the `4.0.0_best_int` variant), run in the thread
 * that calls it (the extraction worker) and never downloading anything (docs/decisions.md,
 * "Images: OCR with tesseract.js, offline").
 *
 * tesseract.js's `createWorker` would start a thread of its own and run its worker script there;
 * Atmark runs that same worker script inside the extraction worker instead, so the OCR's work is
 * counted by the document's budget of work, ends with the worker when a budget is spent, and is
 * held to the worker's memory cap (the engine's WebAssembly memory is reported, see
 * `ocrEngineMemory`). The script's adapter is Atmark's: its `fetch` refuses every request, and
 * its file reader reads only the three shipped model files. The core's WebAssembly comes from the
 * installed `tesseract.js-core`, chosen by the script for the CPU (relaxed SIMD, SIMD or plain).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The OCR languages, in the order tesseract.js weighs them. */
export const OCR_LANGUAGES = ['jpn', 'kor', 'eng'] as const;
/** The model variant shipped: LSTM only, integer weights (see docs/decisions.md for the sizes). */
export const OCR_MODEL_VARIANT = '4.0.0_best_int';
/** Where the worker script is told its models are: a name, never a URL or a real folder. */
const MODEL_FOLDER = 'atmark-ocr-models';
/** tesseract's engine mode "LSTM only" (`OEM.LSTM_ONLY`). */
const LSTM_ONLY = 1;

const requireHere = createRequire(import.meta.url);

/** The version of tesseract.js read at run time, for citations. */
export function tesseractVersion(): string {
  return (requireHere('tesseract.js/package.json') as { version: string }).version;
}

/** The extractor named in citations: `tesseract.js 7.0.0 (jpn+kor+eng 4.0.0_best_int)`. */
export function ocrExtractor(): string {
  return `tesseract.js ${tesseractVersion()} (${OCR_LANGUAGES.join('+')} ${OCR_MODEL_VARIANT})`;
}

/** The installed model file of `lang`. */
export function ocrModelFile(lang: string): string {
  const dir = path.dirname(requireHere.resolve(`@tesseract.js-data/${lang}/package.json`));
  return path.join(dir, OCR_MODEL_VARIANT, `${lang}.traineddata.gz`);
}

interface WorkerScript {
  setAdapter(adapter: Record<string, unknown>): void;
  dispatchHandlers(packet: { workerId: string; jobId: string; action: string; payload: unknown }, send: (message: { status: string; data: unknown }) => void): void;
}

type CoreFactory = (options: Record<string, unknown>) => Promise<unknown>;

/** What the worker script asked its adapter for: the proof, in tests, that no URL reached it. */
export const ocrRequests: string[] = [];

let memory: WebAssembly.Memory | null = null;

/** Bytes of WebAssembly memory the engine holds (outside V8's heap, so reported apart); 0 before it loads. */
export function ocrEngineMemory(): number {
  return memory ? memory.buffer.byteLength : 0;
}

function memoryOf(values: unknown): WebAssembly.Memory | null {
  if (!values || typeof values !== 'object') return null;
  for (const value of Object.values(values)) {
    if (value instanceof WebAssembly.Memory) return value;
    if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const inner = Object.values(value).find((v) => v instanceof WebAssembly.Memory);
      if (inner) return inner as WebAssembly.Memory;
    }
  }
  return null;
}

/**
 * Starts the core, keeping hold of its WebAssembly memory (the core does not expose it) by
 * watching the one instantiation it makes, so the worker's memory cap can count it.
 */
async function startCore(core: CoreFactory, options: Record<string, unknown>): Promise<unknown> {
  const original = WebAssembly.instantiate.bind(WebAssembly);
  const watched = async (...args: Parameters<typeof WebAssembly.instantiate>): Promise<unknown> => {
    const result: unknown = await (original as (...a: unknown[]) => Promise<unknown>)(...args);
    const instance = result instanceof WebAssembly.Instance ? result : (result as { instance: WebAssembly.Instance }).instance;
    memory = memoryOf(instance.exports) ?? memoryOf(args[1]) ?? memory;
    return result;
  };
  WebAssembly.instantiate = watched as typeof WebAssembly.instantiate;
  try {
    return await core(options);
  } finally {
    WebAssembly.instantiate = original;
  }
}

function refuseNetwork(url: unknown): Promise<never> {
  ocrRequests.push(String(url));
  return Promise.reject(new Error(`Atmark's OCR reads its models from its own files and downloads nothing (asked for ${String(url)})`));
}

/** Reads one shipped model for the worker script; any other path is refused. */
async function readModel(asked: unknown): Promise<Uint8Array> {
  ocrRequests.push(String(asked));
  const match = new RegExp(`^${MODEL_FOLDER}/([a-z]{3})\\.traineddata\\.gz$`).exec(String(asked));
  const lang = match?.[1];
  if (!lang || !(OCR_LANGUAGES as readonly string[]).includes(lang)) throw new Error(`no OCR model at ${String(asked)}`);
  return new Uint8Array(await readFile(ocrModelFile(lang)));
}

function loadScript(): WorkerScript {
  const script = requireHere('tesseract.js/src/worker-script') as WorkerScript;
  const getCore = requireHere('tesseract.js/src/worker-script/node/getCore') as (...args: unknown[]) => Promise<CoreFactory>;
  const gunzip = requireHere('tesseract.js/src/worker-script/node/gunzip') as (data: Uint8Array) => Uint8Array;
  script.setAdapter({
    // tesseract.js 7's Node script passes `lstmOnly` (a boolean) where getCore expects an engine
    // mode, and so loads the larger legacy-and-LSTM core; the models shipped are LSTM only, so the
    // LSTM-only core (OEM 1) is asked for, and only those cores are packaged.
    getCore: async (_lstmOnly: unknown, corePath: unknown, res: unknown): Promise<CoreFactory> => {
      const core = await getCore(LSTM_ONLY, corePath, res);
      return (options) => startCore(core, options);
    },
    gunzip,
    fetch: refuseNetwork,
    readCache: readModel,
    writeCache: () => Promise.reject(new Error('the OCR engine writes no cache')),
    deleteCache: () => Promise.resolve(),
    checkCache: () => Promise.resolve(false),
  });
  return script;
}

/** The text tesseract read and its mean word confidence (0–100). */
export interface OcrText {
  text: string;
  confidence: number;
}

class OcrEngine {
  private jobs = 0;

  constructor(private readonly script: WorkerScript) {}

  call<T>(action: string, payload: unknown): Promise<T> {
    return new Promise((resolve, reject) => {
      this.script.dispatchHandlers({ workerId: 'atmark', jobId: `ocr-${++this.jobs}`, action, payload }, (message) => {
        if (message.status === 'resolve') resolve(message.data as T);
        else if (message.status === 'reject') reject(new Error(String(message.data)));
      });
    });
  }

  async recognize(image: Uint8Array): Promise<OcrText> {
    const result = await this.call<{ text: string; confidence: number }>('recognize', { image, options: {}, output: { text: true, blocks: false } });
    return { text: result.text ?? '', confidence: result.confidence ?? 0 };
  }
}

let engine: Promise<OcrEngine> | null = null;

async function startEngine(): Promise<OcrEngine> {
  const ocr = new OcrEngine(loadScript());
  const langs = OCR_LANGUAGES.join('+');
  await ocr.call('load', { options: { lstmOnly: true, corePath: '', logging: false } });
  await ocr.call('loadLanguage', { langs, options: { langPath: MODEL_FOLDER, cacheMethod: 'none', gzip: true, lstmOnly: true } });
  // Without preserve_interword_spaces tesseract puts a space between every CJK character
  // ("請求 書 の"); with it, spaces stay where the image has them (Korean words keep theirs).
  await ocr.call('initialize', { langs, oem: 1, config: { preserve_interword_spaces: '1' } });
  return ocr;
}

/** The engine of this thread, loaded once (about 1.5 s and 150 MiB: the three models). */
export function ocrEngine(): Promise<OcrEngine> {
  engine ??= startEngine().catch((err: unknown) => {
    engine = null;
    throw err;
  });
  return engine;
}

/** Reads the text of one PNG, JPEG, WebP or GIF (its first frame) in this thread. */
export async function recognizeImage(image: Uint8Array): Promise<OcrText> {
  return (await ocrEngine()).recognize(image);
}
