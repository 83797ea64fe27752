/**
 * Files that survive a crash: atomic writes (temporary file, fsync, rename), capped reads, a file's
 * version for compare-and-swap between windows, and
 * damaged files kept aside instead of overwritten. Shared by sessions, settings and the services.
 */
export {
  fail,
  jsonText,
  readFileCapped,
  readJsonFile,
  sweepStaleTemps,
  tempPathFor,
  writeFileAtomic,
  type FileProblem,
  type FileProblemCode,
  type AtomicWriteOptions,
  type FileRead,
} from './atomic-file';
export { keepAside, whyOf, type Sentence } from './keep-aside';
export { STORAGE_TEXT } from './text';
export { fileVersion, NO_FILE, versionOf } from './file-version';
