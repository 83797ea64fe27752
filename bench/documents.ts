/**
 * Documents as a person meets them (issue 22's table): a 100-page text PDF beside `pdftotext`
 * on the same file, the first PDF in a freshly started host, eight one-page documents in one
 * prompt beside one, a 5 MB workbook with its peak memory, and the page-range hint of a
 * 10,000-page PDF. Every figure comes from the engine the app uses, each measurement in a Node
 * process of its own (bench/documents-child.ts), warm figures as medians of several fresh
 * expansions after the first.
 *
 * `--before DIR` measures an older checkout of Atmark (its own sources and built CLI, e.g. a
 * `git worktree` of main) in the same run, interleaved, for a before/after table.
 * Run alone: node scripts/run-ts.mjs bench/documents.ts [--before DIR]
 */
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleForNode } from '../scripts/bundle-ts.mjs';
import { MiB } from '../src/shared/limits';
import { makeDocx, makePdf, makePptx, makeXlsx } from '../test-support/documents';
import type { OcrBenchResult } from './ocr';

/** One measured figure of one checkout. */
interface Figures {
  firstMs: number;
  warmMs: number[];
  peakBytes: number;
  statuses: string[];
}

/** One row of the documents table. */
export interface DocumentBenchRow {
  work: string;
  after: string;
  before: string | null;
  anchor: string;
  ratio: string;
  goal: string;
  met: boolean;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
const mib = (v: number) => `${(v / MiB).toFixed(0)} MiB`;

async function workbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (let s = 1; s <= 3; s++) {
    const ws = wb.addWorksheet(`Sheet ${s}`);
    ws.addRow(['id', 'name', 'amount', 'category', 'date']);
    for (let r = 1; r <= 66_000; r++) ws.addRow([r, `customer ${r}`, r * 1.25, `category ${r % 97}`, new Date(Date.UTC(2024, 0, 1 + (r % 365)))]);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Warm runs per figure, each on its own copy. */
const COPIES = 5;
const FORMATS = ['pdf', 'pdf', 'pdf', 'pdf', 'docx', 'docx', 'xlsx', 'pptx'];
const copyName = (name: string, c: number) => name.replace(/\.(\w+)$/, `-copy${c}.$1`);
const copies = (name: string) => Array.from({ length: COPIES }, (_, i) => copyName(name, i + 1));

/** The bench's workspace, made once. */
async function makeWorkspace(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atmark-bench-docs-'));
  const write = (name: string, bytes: Uint8Array) => writeFileSync(path.join(dir, name), bytes);
  write('hundred.pdf', await makePdf(100, 40, 'quick brown fox jumps over the lazy dog in a sentence'));
  write('two.pdf', await makePdf(2));
  for (let i = 1; i <= 4; i++) write(`one-${i}.pdf`, await makePdf(1, 20, `page of document ${i}`));
  write('one-5.docx', await makeDocx());
  write('one-6.docx', await makeDocx(5));
  write('one-7.xlsx', await makeXlsx(1, 20));
  write('one-8.pptx', makePptx([{ title: 'Quarterly plan', bullets: ['hire', 'ship', 'measure'], notes: 'speak slowly' }]));
  write('book.xlsx', await workbook());
  write('big.pdf', await makePdf(10_000, 1, 'line'));
  // Copies with other bytes (a comment after the end, which readers ignore): warm runs read these,
  // so no result kept for the same bytes is reused and the figure is the reading itself.
  for (const name of ['hundred.pdf', 'book.xlsx', 'big.pdf', ...Array.from({ length: 8 }, (_, i) => `one-${i + 1}.${FORMATS[i]}`)]) {
    const bytes = readFileSync(path.join(dir, name));
    for (let c = 1; c <= COPIES; c++) write(copyName(name, c), new Uint8Array(Buffer.concat([bytes, Buffer.from(`\n% copy ${c}\n`)])));
  }
  return dir;
}

/** The child script bundled against a checkout's sources (the file is copied there if missing). */
async function childFor(root: string, name: string): Promise<string> {
  const source = path.join(root, 'bench', 'documents-child.ts');
  if (path.resolve(root) !== path.resolve('.')) copyFileSync(path.resolve('bench/documents-child.ts'), source);
  // Inside the checkout, so its own node_modules resolve the packages the bundle leaves external.
  const out = path.join(root, 'node_modules', '.cache', 'atmark-bench', `documents-child-${name}-${process.pid}.mjs`);
  mkdirSync(path.dirname(out), { recursive: true });
  await bundleForNode(source, out);
  return out;
}

function measure(child: string, cwd: string, spec: object): Figures {
  const out = execFileSync(process.execPath, [child, JSON.stringify(spec)], { cwd, encoding: 'utf8', maxBuffer: 64 * MiB, timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'] });
  return JSON.parse(out.trim().split('\n').pop()!) as Figures;
}

function pdftotextMs(file: string, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync('pdftotext', [file, '-'], { maxBuffer: 64 * MiB });
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Runs the documents bench; `before` is an older checkout measured in the same run. */
export async function runDocumentBench(before: string | null = null): Promise<DocumentBenchRow[]> {
  const ws = await makeWorkspace();
  const trees = [{ name: 'after', root: path.resolve('.') }, ...(before ? [{ name: 'before', root: path.resolve(before) }] : [])];
  const children = new Map<string, string>();
  for (const t of trees) children.set(t.name, await childFor(t.root, t.name));
  const eightOf = (copy: number | null) => FORMATS.map((f, i) => `@file:${copy === null ? `one-${i + 1}.${f}` : copyName(`one-${i + 1}.${f}`, copy)}`).join(' ');
  const warmOf = (name: string) => copies(name).map((c) => `@file:${c}`);
  const specs = {
    hundred: { mode: 'extract', workspace: ws, files: ['hundred.pdf', ...copies('hundred.pdf')], format: 'pdf' },
    host: (root: string) => ({ mode: 'host', workspace: ws, message: '@file:two.pdf', script: path.join(root, 'dist', 'engine-worker.mjs'), settleMs: 1500 }),
    one: { mode: 'engine', workspace: ws, message: '@file:one-1.pdf', warmMessages: warmOf('one-1.pdf') },
    eight: { mode: 'engine', workspace: ws, message: eightOf(null), warmMessages: Array.from({ length: COPIES }, (_, c) => eightOf(c + 1)) },
    book: { mode: 'extract', workspace: ws, files: ['book.xlsx', ...copies('book.xlsx')], format: 'xlsx' },
    hint: { mode: 'engine', workspace: ws, message: '@file:big.pdf', warmMessages: warmOf('big.pdf') },
  };
  const results = new Map<string, Map<string, Figures>>();
  const record = (tree: string, key: string, f: Figures) => {
    if (!results.has(key)) results.set(key, new Map());
    results.get(key)!.set(tree, f);
    console.log(`  ${tree} ${key}: first ${ms(f.firstMs)}, warm ${f.warmMs.length ? ms(median(f.warmMs)) : '-'}, peak ${mib(f.peakBytes)}; ${f.statuses.join(' | ').slice(0, 200)}`);
  };
  console.log(`documents bench: workspace ${ws}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const pdftotext = pdftotextMs(path.join(ws, 'hundred.pdf'));
  // Interleaved: each measurement for every checkout before the next, so both see the same machine.
  for (const key of ['hundred', 'host', 'one', 'eight', 'book', 'hint'] as const) {
    for (const t of trees) {
      const spec = key === 'host' ? specs.host(t.root) : specs[key];
      try {
        record(t.name, key, measure(children.get(t.name)!, t.root, spec));
      } catch (err) {
        const stderr = String((err as { stderr?: string }).stderr ?? '').trim().split('\n').slice(-3).join(' / ');
        console.log(`  ${t.name} ${key}: failed: ${(err as Error).message.split('\n')[0]} ${stderr}`);
      }
    }
  }
  const fig = (key: string, tree: string) => results.get(key)?.get(tree);
  const warm = (key: string, tree: string) => median(fig(key, tree)?.warmMs ?? []);
  const cell = (key: string, tree: string, pick: (f: Figures) => number, fmt = ms) => {
    const f = fig(key, tree);
    return f ? fmt(pick(f)) : 'failed';
  };
  const attachedAll = (key: string, tree: string) => fig(key, tree)?.statuses.every((s) => s.startsWith('attached')) ?? false;
  const rows: DocumentBenchRow[] = [];
  const b = before ? 'before' : null;
  const hundred = warm('hundred', 'after');
  rows.push({ work: '100-page text PDF, warm worker, every page', after: ms(hundred), before: b && cell('hundred', b, (f) => median(f.warmMs)), anchor: `\`pdftotext\` ${ms(pdftotext)}`, ratio: `${(hundred / pdftotext).toFixed(2)}x`, goal: '<= 3x pdftotext', met: hundred <= 3 * pdftotext && attachedAll('hundred', 'after') });
  const host = fig('host', 'after')?.firstMs ?? NaN;
  rows.push({ work: 'first 2-page PDF, engine worker started 1.5 s before', after: ms(host), before: b && cell('host', b, (f) => f.firstMs), anchor: '-', ratio: '-', goal: '<= 600 ms (idle machine)', met: host <= 600 && attachedAll('host', 'after') });
  const one = warm('one', 'after');
  const eightMs = warm('eight', 'after');
  rows.push({ work: 'eight 1-page documents in one prompt (4 PDF, 2 Word, 1 Excel, 1 PowerPoint), warm', after: `${ms(eightMs)}${attachedAll('eight', 'after') ? '' : ' (NOT ALL ATTACHED)'}`, before: b && `${cell('eight', b, (f) => median(f.warmMs))}${attachedAll('eight', b) ? '' : ' (not all attached)'}`, anchor: `one 1-page PDF ${ms(one)}`, ratio: `${(eightMs / one).toFixed(2)}x`, goal: '<= 2x one document', met: eightMs <= 2 * one && attachedAll('eight', 'after') });
  const book = warm('book', 'after');
  rows.push({ work: `5 MB workbook (3 sheets, 198k rows), warm worker, whole; peak memory`, after: `${ms(book)}, ${cell('book', 'after', (f) => f.peakBytes, mib)}`, before: b && `${cell('book', b, (f) => median(f.warmMs))}, ${cell('book', b, (f) => f.peakBytes, mib)}`, anchor: '-', ratio: '-', goal: '<= 1 s', met: book <= 1000 && attachedAll('book', 'after') });
  const hint = warm('hint', 'after');
  rows.push({ work: '10,000-page PDF, whole: "pages 1-N fit" hint, warm', after: ms(hint), before: b && cell('hint', b, (f) => median(f.warmMs)), anchor: '-', ratio: '-', goal: '<= 2 s', met: hint <= 2000 && (fig('hint', 'after')?.statuses[0]?.startsWith('too_large') ?? false) });
  // Screenshots read by OCR (issue 23), in a Node process of their own (bench/ocr.ts).
  try {
    const ocr = JSON.parse(execFileSync(process.execPath, ['scripts/run-ts.mjs', 'bench/ocr.ts', '--json'], { encoding: 'utf8', maxBuffer: 16 * MiB }).trim().split('\n').at(-1)!) as OcrBenchResult;
    const perShot = median(ocr.rows.map((r) => r.ms));
    const worst = Math.min(...ocr.rows.map((r) => r.accuracy));
    rows.push({ work: `screenshot OCR (${ocr.rows.length} Japanese and Korean screenshots, 16-28 px), engine loaded; peak memory`, after: `${ms(perShot)} per screenshot, ${mib(ocr.peakRssBytes)}; accuracy >= ${(worst * 100).toFixed(1)}%`, before: b && '-', anchor: `engine load ${ms(ocr.loadMs)}`, ratio: '-', goal: '<= 2 s per screenshot', met: perShot <= 2000 });
  } catch (err) {
    console.log(`  ocr: failed: ${(err as Error).message.split('\n')[0]}`);
  }
  console.log('\n## Documents (issue 22)\n');
  console.log(`| work | Atmark${before ? ' after | before' : ''} | anchor, same run | ratio | goal | met |\n|---|---|${before ? '---|' : ''}---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.work} | ${r.after}${before ? ` | ${r.before}` : ''} | ${r.anchor} | ${r.ratio} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`);
  rmSync(ws, { recursive: true, force: true });
  return rows;
}

// Run alone: node scripts/run-ts.mjs bench/documents.ts [--before DIR]
if (process.argv[1]?.endsWith('documents.ts')) {
  const at = process.argv.indexOf('--before');
  mkdirSync('node_modules/.cache', { recursive: true });
  await runDocumentBench(at > 0 ? process.argv[at + 1]! : null);
}
