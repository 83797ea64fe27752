/**
 * The o200k_base counter (the encoding of current OpenAI models), built from gpt-tokenizer's own
 * pre-token pattern (o200k-pattern.ts) and its `.tiktoken` rank file, so the counts are the library's and the
 * library's data is the only source of the vocabulary.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bpeCounter } from './bpe-counter';
import { O200K_TOKEN_SPLIT_REGEX } from './o200k-pattern';
import { rankArraysOf } from './rank-file';
import { parseTiktoken, rankTable, type RankArrays } from './rank-table';

/** The prebuilt rank file's name, beside the bundle (see rank-file.ts). */
export const O200K_RANK_FILE = 'o200k_base.ranks';

/**
 * Where gpt-tokenizer keeps the o200k ranks: looked for first where Node's resolution from the
 * running bundle looks first (a `node_modules` beside it, then beside its folder), then resolved as
 * a package. Why: resolving the package's export map took 2.7 ms of a cold `atmark expand` (issue
 * 27), against two `stat`s. Only the file's size is read (the prebuilt rank file's check).
 */
export function o200kTiktokenPath(): string {
  for (const folder of rankFileFolders()) {
    const beside = path.join(folder, 'node_modules', 'gpt-tokenizer', 'data', 'o200k_base.tiktoken');
    if (existsSync(beside)) return beside;
  }
  return createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken');
}

/**
 * The folders a prebuilt rank file may be in: the running bundle's own folder and its parent
 * (bundlers put shared code in a `chunks/` folder under the entry points).
 */
function rankFileFolders(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [here, path.dirname(here)];
}

/** The o200k ranks: from a prebuilt rank file when one matches, else parsed from the `.tiktoken` file. */
export async function loadO200kRanks(folders = rankFileFolders()): Promise<RankArrays> {
  const source = o200kTiktokenPath();
  const { size } = await stat(source);
  for (const folder of folders) {
    const data = await readFile(path.join(folder, O200K_RANK_FILE)).catch(() => null);
    const arrays = data && rankArraysOf(data, size);
    if (arrays) return arrays;
  }
  return parseTiktoken(await readFile(source));
}

/** The o200k_base counter; special tokens count as the ordinary text they are when sent. */
export async function loadO200kCounter(folders?: string[]): Promise<(text: string) => number> {
  return bpeCounter(rankTable(await loadO200kRanks(folders)), O200K_TOKEN_SPLIT_REGEX);
}
