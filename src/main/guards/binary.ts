/**
 * Binary sniffing (docs/contract.md "Resolution": "Binary files (NUL bytes or a known binary type; known text extensions
 * skip the type check) are not attached as text").
 *
 * A file is binary when:
 * - its bytes hold a NUL anywhere read (unless they start with a UTF-16 byte-order mark, where NULs
 *   are half of every ASCII character), or isbinaryfile 5 judges its first bytes binary; or
 * - it has no known text extension, and its extension or its leading bytes (magic numbers) say a
 *   known binary type: images, archives, executables, PDFs, databases, fonts, media.
 * A known text extension skips only the type check: a `.ts` file that happens to start with `MZ`
 * is text, but a `.ts` file full of NULs is still binary.
 */
import path from 'node:path';
import { isBinaryFileSync } from 'isbinaryfile';

/** Extensions (lower case, no dot) that are text whatever their first bytes look like. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'txt md markdown mdx rst adoc org tex csv tsv log ' +
    'ts tsx mts cts js jsx mjs cjs json jsonc json5 map vue svelte astro ' +
    'html htm xhtml xml svg css scss sass less styl ' +
    'py pyi rb php pl pm lua r jl go rs c h cc cpp cxx hh hpp hxx m mm swift kt kts java scala groovy gradle ' +
    'cs fs fsx vb dart ex exs erl hrl hs elm clj cljs edn ml mli nim zig v sol ' +
    'sh bash zsh fish ps1 psm1 bat cmd ' +
    'sql graphql gql proto thrift prisma ' +
    'yaml yml toml ini cfg conf properties env editorconfig gitignore gitattributes dockerfile makefile mk cmake ' +
    'lock patch diff tf tfvars hcl nix'
  ).split(' '),
);

/** Extensions (lower case, no dot) of known binary types. */
export const BINARY_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp avif heic tif tiff psd ' +
    'zip gz tgz bz2 xz zst 7z rar tar jar war ear apk ipa dmg iso deb rpm ' +
    'exe dll so dylib o a lib obj class pyc pyo wasm node bin dat ' +
    'pdf doc docx xls xlsx ppt pptx odt ods odp epub ' +
    'sqlite sqlite3 db mdb ' +
    'woff woff2 ttf otf eot ' +
    'mp3 mp4 m4a m4v mov avi mkv webm wav flac ogg opus aac'
  ).split(' '),
);

/** Leading bytes of known binary types. */
const MAGIC: readonly Buffer[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x50, 0x4b, 0x03, 0x04], // ZIP, JAR, DOCX
  [0x1f, 0x8b], // gzip
  [0x42, 0x5a, 0x68], // bzip2
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // MZ: Windows executables
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O fat, Java class
  [0x00, 0x61, 0x73, 0x6d], // wasm
  [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], // "SQLite f"
  [0x77, 0x4f, 0x46, 0x46], // wOFF
  [0x77, 0x4f, 0x46, 0x32], // wOF2
  [0x49, 0x44, 0x33], // ID3: MP3
  [0x4f, 0x67, 0x67, 0x53], // OggS
  [0x52, 0x49, 0x46, 0x46], // RIFF: WAV, AVI, WebP
].map((bytes) => Buffer.from(bytes));

/** Lower-cased extension without the dot; a dotless name like `Makefile` counts as its own name. */
export function extensionOf(filePath: string): string {
  const base = path.basename(filePath.replace(/\\/g, '/')).toLowerCase();
  const ext = path.extname(base);
  return ext ? ext.slice(1) : base;
}

/** True when the bytes start with a UTF-16 byte-order mark (little or big endian). */
export function hasUtf16Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** True when the extension or the leading bytes name a known binary type. */
export function isKnownBinaryType(filePath: string, head: Uint8Array): boolean {
  if (BINARY_EXTENSIONS.has(extensionOf(filePath))) return true;
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return MAGIC.some((magic) => buf.length >= magic.length && buf.subarray(0, magic.length).equals(magic));
}

/**
 * Judges `bytes` (the file's content from its start, or as much as was read) as binary or text,
 * with the rules of the module comment. An empty file is text.
 */
export function isBinaryContent(filePath: string, bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!hasUtf16Bom(buf) && buf.includes(0)) return true;
  if (isBinaryFileSync(buf, buf.length)) return true;
  if (TEXT_EXTENSIONS.has(extensionOf(filePath))) return false;
  return isKnownBinaryType(filePath, buf);
}
