/**
 * Documents as a person meets them (issue 22's table): a 100-page text PDF beside `pdftotext`
 * on the same file, the first PDF in a freshly started host, eight one-page documents in one
 * prompt beside one, a 5 MB workbook with its peak memory, and the page-range hint of a
 * 10,000-page PDF; a long Korean report (20 sections, 16,000 paragraphs, 2,000 tables) as HWPX
 * and as HWP 5, and a long Word report (50 chapters, 1,500 paragraphs, 50 tables), with peak
 * memory; and (issue 23) a block of cells of that workbook at its top and at
 * its bottom, and rows of a 50 MB CSV at its start and near its end. Every figure comes from the engine the app uses, each measurement in a Node
 * process of its own (bench/documents-child.ts), warm figures as medians of several fresh
 * expansions after the first.
 *
 * `--before DIR` measures an older checkout of Atmark (its own sources and built CLI, e.g. a
 * `git worktree` of main) in the same run, interleaved, for a before/after table.
 * Run alone: node scripts/run-ts.mjs bench/documents.ts [--before DIR] [--only KEY,KEY...]
 * (`--only hwpx,hwp` the HWP rows, `--only cells` the cells-and-rows rows, `--only mail` or
 * `--only-mail` the email and saved-page rows).
 */
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleForNode } from '../scripts/bundle-ts.mjs';
import { MiB } from '../src/shared/limits';
import { makeDocx, makeLongDocx, makePdf, makePptx, makeXlsx } from '../test-support/documents';
import { KOREAN_REPORT, makeHwp, makeHwpx, type HwpTestBlock } from '../test-support/hwp-documents';
import { makeEml, makeMhtml, makeMsg } from '../test-support/mail';
import type { OcrBenchResult } from './ocr';
import { median } from './median';

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

/** A long Korean report: 20 sections of 100 copies of the test report each (about 16,000 paragraphs, 2,000 tables). */
function longReport(): HwpTestBlock[][] {
  return Array.from({ length: 20 }, (_, s) => Array.from({ length: 100 }, (_, i) => KOREAN_REPORT[0]!.map((b) => ('text' in b ? { text: `${b.text} (${s + 1}-${i + 1})` } : b))).flat());
}

/** A CSV of about `bytes` bytes: a header and rows of five fields, Japanese in one of them, a quoted field with a comma. */
function bigCsv(bytes: number): Buffer {
  const lines = ['id,name,amount,category,note'];
  let size = lines[0]!.length + 1;
  for (let r = 1; size < bytes; r++) {
    const line = `${r},顧客 ${r},${(r * 1.25).toFixed(2)},category ${r % 97},"note ${r}, 備考"`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** Rows of the 50 MB CSV: 776,958. The "near its end" range starts here. */
const CSV_LATE_ROW = 776_000;

/** Chapters of the long Word report (each a heading, 30 paragraphs and a table). */
const WORD_CHAPTERS = 50;

/** Warm runs per figure, each on its own copy. */
const COPIES = 5;
const FORMATS = ['pdf', 'pdf', 'pdf', 'pdf', 'docx', 'docx', 'xlsx', 'pptx'];
const copyName = (name: string, c: number) => name.replace(/\.(\w+)$/, `-copy${c}.$1`);
const copies = (name: string) => Array.from({ length: COPIES }, (_, i) => copyName(name, i + 1));

/** The bench's workspace, made once. */
async function makeWorkspace(only: readonly string[] | null): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atmark-bench-docs-'));
  const written: string[] = [];
  const write = (name: string, bytes: Uint8Array) => {
    writeFileSync(path.join(dir, name), bytes);
    written.push(name);
  };
  const wants = (keys: readonly string[]) => only === null || only.some((k) => keys.includes(k));
  if (wants(['hundred', 'host', 'one', 'eight', 'book', 'hint'])) await writePdfWorkspace(write);
  else if (wants(CELL_KEYS)) write('book.xlsx', await workbook());
  if (wants(['word'])) write('report.docx', await makeLongDocx(WORD_CHAPTERS));
  if (wants(['hwpx', 'hwp'])) {
    write('report.hwpx', makeHwpx(longReport()));
    write('report.hwp', makeHwp({ sections: longReport() }));
  }
  if (wants(CELL_KEYS)) write('big.csv', new Uint8Array(bigCsv(50 * 1000 * 1000)));
  if (wants(MAIL_FILES.map((m) => m.key))) for (const [name, bytes] of mailFiles()) write(name, bytes);
  // Copies with other bytes (trailing bytes after the end, which readers ignore): warm runs read these,
  // so no result kept for the same bytes is reused and the figure is the reading itself.
  for (const name of [...written]) {
    const bytes = readFileSync(path.join(dir, name));
    for (let c = 1; c <= COPIES; c++) writeFileSync(path.join(dir, copyName(name, c)), new Uint8Array(Buffer.concat([bytes, Buffer.from(`\n% copy ${c}\n`)])));
  }
  return dir;
}

/** The PDF, Office and workbook files of the issue-22 rows. */
async function writePdfWorkspace(write: (name: string, bytes: Uint8Array) => void): Promise<void> {
  write('hundred.pdf', await makePdf(100, 40, 'quick brown fox jumps over the lazy dog in a sentence'));
  write('two.pdf', await makePdf(2));
  for (let i = 1; i <= 4; i++) write(`one-${i}.pdf`, await makePdf(1, 20, `page of document ${i}`));
  write('one-5.docx', await makeDocx());
  write('one-6.docx', await makeDocx(5));
  write('one-7.xlsx', await makeXlsx(1, 20));
  write('one-8.pptx', makePptx([{ title: 'Quarterly plan', bullets: ['hire', 'ship', 'measure'], notes: 'speak slowly' }]));
  write('book.xlsx', await workbook());
  write('big.pdf', await makePdf(10_000, 1, 'line'));
}

/** Email and saved pages (issue 23): one of each, measured by the extraction workers alone. */
const MAIL_FILES = [
  { key: 'eml', file: 'thread.eml', format: 'eml', work: '.eml, ISO-2022-JP, 60 KB of text and 3 attachments of 1 MiB, warm worker' },
  { key: 'msg', file: 'report.msg', format: 'msg', work: '.msg, 60 KB of text and 2 attachments of 1 MiB, warm worker' },
  { key: 'mhtml', file: 'page.mhtml', format: 'mhtml', work: '.mhtml, a 300 KB page with a picture, warm worker' },
] as const;

function mailFiles(): [string, Uint8Array][] {
  const paragraph = '来週の定例会議の議題と資料について、各部署からの報告をまとめました。ご確認ください。\n';
  const text = paragraph.repeat(500);
  const mib = new Uint8Array(MiB).map((_, i) => (i * 7) & 0xff);
  const eml = makeEml({
    charset: 'iso-2022-jp',
    from: { name: '山田 太郎', address: 'taro@example.co.jp' },
    to: Array.from({ length: 20 }, (_, i) => ({ name: `担当 ${i}`, address: `member${i}@example.co.jp` })),
    subject: '定例会議の議題',
    text: `${text}\n山田 太郎 さんは書きました:\n${'> 前回の議事録です。\n'.repeat(200)}`,
    attachments: [1, 2, 3].map((i) => ({ name: `資料${i}.pdf`, type: 'application/pdf', bytes: mib })),
  });
  const msg = makeMsg({
    subject: '週次報告',
    senderName: '김철수',
    senderAddress: 'kim@example.kr',
    recipients: [{ name: '이영희', address: 'lee@example.kr', type: 'to' }],
    body: text,
    attachments: [1, 2].map((i) => ({ name: `보고서${i}.xlsx`, type: 'application/vnd.ms-excel', bytes: mib })),
  });
  const section = `<h2>項目</h2><p>${paragraph.repeat(10)}</p><img src="logo.png">`;
  const page = `<html><head><title>社内報</title></head><body><nav>${'<a href="/x">メニュー</a>'.repeat(200)}</nav><article><h1>今月のお知らせ</h1>${section.repeat(60)}</article></body></html>`;
  return [
    ['thread.eml', eml],
    ['report.msg', msg],
    ['page.mhtml', makeMhtml(page, 'https://intranet.example.jp/news')],
  ];
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

/** The measurements of issue 23's cells-and-rows rows (`--only cells`). */
const CELL_KEYS = ['blockTop', 'blockEnd', 'csvTop', 'csvEnd'] as const;

/** Runs the documents bench; `before` is an older checkout measured in the same run; `only` picks measurements. */
export async function runDocumentBench(before: string | null = null, only: readonly string[] | null = null): Promise<DocumentBenchRow[]> {
  const ws = await makeWorkspace(only);
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
    word: { mode: 'extract', workspace: ws, files: ['report.docx', ...copies('report.docx')], format: 'docx' },
    hwpx: { mode: 'extract', workspace: ws, files: ['report.hwpx', ...copies('report.hwpx')], format: 'hwpx' },
    hwp: { mode: 'extract', workspace: ws, files: ['report.hwp', ...copies('report.hwp')], format: 'hwp' },
    blockTop: { mode: 'engine', workspace: ws, message: "@file:book.xlsx:'Sheet 2'!A1:E200", warmMessages: warmOf('book.xlsx').map((m) => `${m}:'Sheet 2'!A1:E200`) },
    blockEnd: { mode: 'engine', workspace: ws, message: "@file:book.xlsx:'Sheet 3'!A65800:E66001", warmMessages: warmOf('book.xlsx').map((m) => `${m}:'Sheet 3'!A65800:E66001`) },
    csvTop: { mode: 'engine', workspace: ws, message: '@file:big.csv:1-200', warmMessages: warmOf('big.csv').map((m) => `${m}:1-200`) },
    csvEnd: { mode: 'engine', workspace: ws, message: `@file:big.csv:${CSV_LATE_ROW}-${CSV_LATE_ROW + 199}`, warmMessages: warmOf('big.csv').map((m) => `${m}:${CSV_LATE_ROW}-${CSV_LATE_ROW + 199}`) },
    ...Object.fromEntries(MAIL_FILES.map((m) => [m.key, { mode: 'extract', workspace: ws, files: [m.file, ...copies(m.file)], format: m.format }])),
  } as Record<string, object> & { host: (root: string) => object };
  const results = new Map<string, Map<string, Figures>>();
  const record = (tree: string, key: string, f: Figures) => {
    if (!results.has(key)) results.set(key, new Map());
    results.get(key)!.set(tree, f);
    console.log(`  ${tree} ${key}: first ${ms(f.firstMs)}, warm ${f.warmMs.length ? ms(median(f.warmMs)) : '-'}, peak ${mib(f.peakBytes)}; ${f.statuses.join(' | ').slice(0, 200)}`);
  };
  console.log(`documents bench: workspace ${ws}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const keys = (['hundred', 'host', 'one', 'eight', 'book', 'hint', 'word', 'hwpx', 'hwp', ...CELL_KEYS, ...MAIL_FILES.map((m) => m.key)] as string[]).filter((k) => !only || only.includes(k));
  const pdftotext = keys.includes('hundred') ? pdftotextMs(path.join(ws, 'hundred.pdf')) : NaN;
  // Interleaved: each measurement for every checkout before the next, so both see the same machine.
  for (const key of keys) {
    for (const t of trees) {
      const spec = key === 'host' ? specs.host(t.root) : specs[key]!;
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
  if (keys.includes('hundred')) rows.push({ work: '100-page text PDF, warm worker, every page', after: ms(hundred), before: b && cell('hundred', b, (f) => median(f.warmMs)), anchor: `\`pdftotext\` ${ms(pdftotext)}`, ratio: `${(hundred / pdftotext).toFixed(2)}x`, goal: '<= 3x pdftotext', met: hundred <= 3 * pdftotext && attachedAll('hundred', 'after') });
  const host = fig('host', 'after')?.firstMs ?? NaN;
  if (keys.includes('host')) rows.push({ work: 'first 2-page PDF, engine worker started 1.5 s before', after: ms(host), before: b && cell('host', b, (f) => f.firstMs), anchor: '-', ratio: '-', goal: '<= 600 ms (idle machine)', met: host <= 600 && attachedAll('host', 'after') });
  const one = warm('one', 'after');
  const eightMs = warm('eight', 'after');
  if (keys.includes('eight')) rows.push({ work: 'eight 1-page documents in one prompt (4 PDF, 2 Word, 1 Excel, 1 PowerPoint), warm', after: `${ms(eightMs)}${attachedAll('eight', 'after') ? '' : ' (NOT ALL ATTACHED)'}`, before: b && `${cell('eight', b, (f) => median(f.warmMs))}${attachedAll('eight', b) ? '' : ' (not all attached)'}`, anchor: `one 1-page PDF ${ms(one)}`, ratio: `${(eightMs / one).toFixed(2)}x`, goal: '<= 2x one document', met: eightMs <= 2 * one && attachedAll('eight', 'after') });
  const book = warm('book', 'after');
  if (keys.includes('book')) rows.push({ work: `5 MB workbook (3 sheets, 198k rows), warm worker, whole; peak memory`, after: `${ms(book)}, ${cell('book', 'after', (f) => f.peakBytes, mib)}`, before: b && `${cell('book', b, (f) => median(f.warmMs))}, ${cell('book', b, (f) => f.peakBytes, mib)}`, anchor: '-', ratio: '-', goal: '<= 1 s', met: book <= 1000 && attachedAll('book', 'after') });
  // Whole long documents, read in a warm worker: time and peak memory, no anchor.
  const longReport = (format: string) => `long Korean report as ${format} (20 sections, 16,000 paragraphs, 2,000 tables)`;
  const wholeRows = [
    ['word', `long Word report (${WORD_CHAPTERS} chapters, ${WORD_CHAPTERS * 30} paragraphs in Japanese, Korean and English, ${WORD_CHAPTERS} tables)`],
    ['hwpx', longReport('HWPX')],
    ['hwp', longReport('HWP 5')],
  ] as const;
  for (const [key, what] of wholeRows) {
    const read = warm(key, 'after');
    if (keys.includes(key)) rows.push({ work: `${what}, warm worker, whole; peak memory`, after: `${ms(read)}, ${cell(key, 'after', (f) => f.peakBytes, mib)}`, before: b && `${cell(key, b, (f) => median(f.warmMs))}, ${cell(key, b, (f) => f.peakBytes, mib)}`, anchor: '-', ratio: '-', goal: '<= 1 s (idle machine)', met: read <= 1000 && attachedAll(key, 'after') });
  }
  const hint = warm('hint', 'after');
  if (keys.includes('hint')) rows.push({ work: '10,000-page PDF, whole: "pages 1-N fit" hint, warm', after: ms(hint), before: b && cell('hint', b, (f) => median(f.warmMs)), anchor: '-', ratio: '-', goal: '<= 2 s', met: hint <= 2000 && (fig('hint', 'after')?.statuses[0]?.startsWith('too_large') ?? false) });
  const cellRow = (key: (typeof CELL_KEYS)[number], work: string, goal: string, limitMs: number) => {
    if (!fig(key, 'after')) return;
    const w = warm(key, 'after');
    rows.push({ work, after: `${ms(w)}, ${cell(key, 'after', (f) => f.peakBytes, mib)}`, before: null, anchor: `first ${cell(key, 'after', (f) => f.firstMs)}`, ratio: '-', goal, met: w <= limitMs && attachedAll(key, 'after') });
  };
  cellRow('blockTop', "block A1:E200 at the top of a 66k-row sheet of the 5 MB workbook, warm; peak memory", '<= 300 ms', 300);
  cellRow('blockEnd', 'block of 200 rows at the bottom of that sheet, warm; peak memory', '<= 1 s', 1000);
  cellRow('csvTop', 'rows 1-200 of a 50 MB CSV, warm; peak memory', '<= 500 ms', 500);
  cellRow('csvEnd', `rows ${CSV_LATE_ROW}-${CSV_LATE_ROW + 199} of that CSV (the whole file scanned), warm; peak memory`, '<= 2 s', 2000);
  // Email and saved pages: time and peak memory, no anchor (no other tool here reads them); the goal
  // is the one a person waits for at most.
  for (const m of MAIL_FILES) {
    if (!keys.includes(m.key)) continue;
    const t = warm(m.key, 'after');
    rows.push({ work: m.work, after: `${ms(t)}, ${cell(m.key, 'after', (f) => f.peakBytes, mib)}`, before: b && `${cell(m.key, b, (f) => median(f.warmMs))}`, anchor: '-', ratio: '-', goal: '<= 1 s', met: t <= 1000 && attachedAll(m.key, 'after') });
  }
  // Screenshots read by OCR (issue 23), in a Node process of their own (bench/ocr.ts).
  if (!only || only.includes('ocr')) {
    try {
      const ocr = JSON.parse(execFileSync(process.execPath, ['scripts/run-ts.mjs', 'bench/ocr.ts', '--json'], { encoding: 'utf8', maxBuffer: 16 * MiB }).trim().split('\n').at(-1)!) as OcrBenchResult;
      const perShot = median(ocr.rows.map((r) => r.ms));
      const worst = Math.min(...ocr.rows.map((r) => r.accuracy));
      rows.push({ work: `screenshot OCR (${ocr.rows.length} Japanese and Korean screenshots, 16-28 px), engine loaded; peak memory`, after: `${ms(perShot)} per screenshot, ${mib(ocr.peakRssBytes)}; accuracy >= ${(worst * 100).toFixed(1)}%`, before: b && '-', anchor: `engine load ${ms(ocr.loadMs)}`, ratio: '-', goal: '<= 2 s per screenshot', met: perShot <= 2000 });
    } catch (err) {
      console.log(`  ocr: failed: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  console.log('\n## Documents (issues 22 and 23)\n');
  console.log(`| work | Atmark${before ? ' after | before' : ''} | anchor, same run | ratio | goal | met |\n|---|---|${before ? '---|' : ''}---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.work} | ${r.after}${before ? ` | ${r.before}` : ''} | ${r.anchor} | ${r.ratio} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`);
  rmSync(ws, { recursive: true, force: true });
  return rows;
}

// Run alone: node scripts/run-ts.mjs bench/documents.ts [--before DIR]
if (process.argv[1]?.endsWith('documents.ts')) {
  const at = process.argv.indexOf('--before');
  mkdirSync('node_modules/.cache', { recursive: true });
  const only = process.argv.indexOf('--only');
  const named = only > 0 ? process.argv[only + 1]!.split(',') : process.argv.includes('--only-mail') ? ['mail'] : null;
  const keys = named ? named.flatMap((k) => (k === 'cells' ? [...CELL_KEYS] : k === 'mail' ? MAIL_FILES.map((m) => m.key) : [k])) : null;
  await runDocumentBench(at > 0 ? process.argv[at + 1]! : null, keys);
}
