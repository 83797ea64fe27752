/**
 * OCR of screenshots (issue 23): Japanese and Korean business text rendered by Chromium at three
 * sizes, read by the OCR engine Atmark ships (extraction/ocr-engine.ts) in this process. For each
 * screenshot: the time to read it with the engine loaded, the character accuracy (1 − edit
 * distance ÷ length, spaces ignored) and, for the run, the engine's load time and peak memory
 * (process RSS, sampled). A quick run: one pass per screenshot.
 *
 * Run alone: node scripts/run-ts.mjs bench/ocr.ts [--json]
 */
import { closeImageBrowser, renderTextImage } from '../test-support/images';
import { ocrEngine, recognizeImage } from '../src/main/extraction/ocr-engine';
import { tidyLines } from '../src/main/extraction/tidy-lines';

/** The screenshots' text: what a person pastes from a mail, a chat or a report. */
export const OCR_SAMPLES: Record<'ja' | 'ko', string[]> = {
  ja: ['請求書の締め切りは金曜日です。', '売上報告を確認してください。', '第3四半期の営業利益は前年比12%増でした。', '会議室は東京本社の5階です。'],
  ko: ['회의는 목요일 오후에 열립니다.', '보고서를 확인해 주세요.', '3분기 영업이익은 전년 대비 12% 증가했습니다.', '회의실은 서울 본사 5층입니다.'],
};
export const OCR_SIZES = [16, 20, 28] as const;

/** Edit distance (Levenshtein) of two strings, by code point. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[y.length]!;
}

/** Character accuracy of `got` against `expected`, whitespace ignored: 1 is perfect. */
export function characterAccuracy(expected: string, got: string): number {
  const e = expected.replace(/\s+/gu, '');
  const g = got.replace(/\s+/gu, '');
  return Math.max(0, 1 - editDistance(e, g) / e.length);
}

export interface OcrBenchResult {
  loadMs: number;
  peakRssBytes: number;
  rows: Array<{ lang: 'ja' | 'ko'; px: number; ms: number; accuracy: number; confidence: number }>;
}

export async function runOcrBench(): Promise<OcrBenchResult> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const t0 = performance.now();
    await ocrEngine();
    const loadMs = performance.now() - t0;
    const rows: OcrBenchResult['rows'] = [];
    for (const lang of ['ja', 'ko'] as const) {
      for (const px of OCR_SIZES) {
        const image = await renderTextImage(OCR_SAMPLES[lang], { lang, px });
        const t = performance.now();
        const { text, confidence } = await recognizeImage(image);
        const ms = performance.now() - t;
        rows.push({ lang, px, ms, accuracy: characterAccuracy(OCR_SAMPLES[lang].join(''), tidyLines(text)), confidence });
      }
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    return { loadMs, peakRssBytes: peak, rows };
  } finally {
    clearInterval(sampler);
    await closeImageBrowser();
  }
}

if (process.argv[1]?.endsWith('ocr.ts')) {
  const result = await runOcrBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(`engine load ${result.loadMs.toFixed(0)} ms; peak RSS ${(result.peakRssBytes / 2 ** 20).toFixed(0)} MiB`);
    console.log('| language | px | time | character accuracy | confidence |\n|---|---|---|---|---|');
    for (const r of result.rows) console.log(`| ${r.lang} | ${r.px} | ${r.ms.toFixed(0)} ms | ${(r.accuracy * 100).toFixed(1)}% | ${r.confidence} |`);
  }
}
