/**
 * Byte counts for people, one way everywhere: warnings, folder listings, meters, completion and the
 * history use the same units as the limits (1 KiB = 1024 bytes). The formatter lives with the other
 * locale formats in `i18n/format.ts`; this module keeps the name the rest of the code imports.
 */
export { formatBytes } from './i18n/format';
