/**
 * Writes the prebuilt o200k rank file into a build's output folder (`dist/` by
 * scripts/build-cli.mjs, `out/main/` by the Electron build), so a cold start reads it instead of
 * parsing the `.tiktoken` file (see rank-file.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { O200K_RANK_FILE, o200kTiktokenPath } from './o200k';
import { writeRankFile } from './rank-file';
import { parseTiktoken } from './rank-table';

/** Parses gpt-tokenizer's o200k ranks and writes them to `folder`; returns the file written. */
export function buildO200kRankFile(folder: string): string {
  const source = readFileSync(o200kTiktokenPath());
  const file = path.join(folder, O200K_RANK_FILE);
  writeRankFile(file, parseTiktoken(source), source.length);
  return file;
}
