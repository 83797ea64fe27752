/**
 * The guards' face: workspace containment, protected paths, safe reads, binary sniffing, fences,
 * invisible characters and address masking. The secret scan (secretlint and Atmark's own
 * rules) is the second face (./secrets.ts, ./secret-guard.ts, ./secret-rules.ts), so a caller of
 * containment does not load it.
 */
export { isKnownBinaryType, isBinaryContent, hasUtf16Bom } from './binary';
export { isInside, type FsPolicy, locateInput, resolveContained } from './containment';
export { isProtectedPath, isProtectedRelativePath } from './protected-paths';
export { LinkIdentityCache } from './hard-links';
export { renderFenced } from './fence';
export { neutralizeInvisible } from './invisible';
export { maskAddresses } from './mask-addresses';
export { openChecked, readCapped, scanChunks, type CheckedHandle, type ReadProblem } from './safe-read';
export { redactionMarker } from './secret-messages';
