/**
 * The encoding of a table file (CSV, TSV) that carries no label: a byte-order mark says it (UTF-8,
 * UTF-16 LE or BE); otherwise valid UTF-8 is UTF-8; otherwise the bytes are weighed as Shift_JIS and
 * as EUC-KR, the two legacy encodings Japanese and Korean spreadsheets save CSV in (docs/decisions.md
 * "Table files: encodings"). Node's TextDecoder decodes all of them (`shift_jis` is Windows-31J,
 * `euc-kr` is Windows-949, as WHATWG defines them).
 */

/** What a table file is encoded in, and how many bytes of byte-order mark to skip. */
export interface DetectedEncoding {
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'shift_jis' | 'euc-kr';
  bom: number;
}

/** Bytes looked at to decide; enough for thousands of rows of text, cheap to scan twice. */
const SAMPLE_BYTES = 256 * 1024;

/** The encoding of `bytes`, from at most its first 256 KiB. */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (isUtf8(sample, sample.length < bytes.length)) return { encoding: 'utf-8', bom: 0 };
  return { encoding: japaneseScore(sample) > koreanScore(sample) ? 'shift_jis' : 'euc-kr', bom: 0 };
}

/** True when `sample` is valid UTF-8; a sample cut from a longer file may end inside a character. */
function isUtf8(sample: Uint8Array, cut: boolean): boolean {
  let end = sample.length;
  if (cut) {
    // Step back over a character the cut split (at most 3 continuation bytes and its lead).
    let back = 0;
    while (back < 3 && end - back - 1 >= 0 && (sample[end - back - 1]! & 0xc0) === 0x80) back++;
    if (end - back - 1 >= 0 && sample[end - back - 1]! >= 0xc0) end = end - back - 1;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * Two-byte characters that only Japanese text in Shift_JIS makes: a lead byte 0x81–0x9F (kana,
 * punctuation and the common kanji all sit there) with a valid trail byte. EUC-KR's common text
 * never has a lead byte below 0xA1.
 */
function japaneseScore(sample: Uint8Array): number {
  let score = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if (b < 0x80 || (b >= 0xa1 && b <= 0xdf)) continue; // ASCII, half-width katakana
    const t = sample[i + 1] ?? 0;
    if (b <= 0x9f && t >= 0x40 && t <= 0xfc && t !== 0x7f) score++;
    i++;
  }
  return score;
}

/**
 * Two-byte characters in the KS X 1001 hangul rows (lead 0xB0–0xC8, trail 0xA1–0xFE), where the
 * 2,350 everyday syllables sit. Shift_JIS text puts half-width katakana, rare in documents, there.
 */
function koreanScore(sample: Uint8Array): number {
  let score = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if (b < 0x80) continue;
    const t = sample[i + 1] ?? 0;
    if (b >= 0xb0 && b <= 0xc8 && t >= 0xa1 && t <= 0xfe) score++;
    i++;
  }
  return score;
}
