/**
 * How large the package may grow before a test says so (build/packaged-app.test.ts). Set from the
 * measurement in docs/decisions.md ("Size") with some room: a new dependency or a library's
 * unused builds slipping back in should fail the test and be looked at, not ship unnoticed.
 */

/**
 * app.asar as packed: 48.5 MiB measured (58.8 MiB before issue 25's trim, 40.8 after it; exceljs
 * then left the package, since Atmark reads workbooks itself: 33.2; issue 23's OCR added 15.3:
 * the three LSTM-only tesseract cores, 8.7 MiB, and the Japanese, Korean and English best_int
 * models, 6.3 MiB, see docs/decisions.md "Images: size").
 */
export const ASAR_BUDGET_BYTES = 52 * 1024 * 1024;

/**
 * The built renderer (out/renderer: the page, its scripts and styles): 987 KiB measured, minified
 * (1,587 KiB before issue 25's minifying, 783 KiB after it; issue 24 then added rendered replies:
 * marked, DOMPurify and highlight.js's core with 14 languages).
 */
export const RENDERER_BUDGET_BYTES = 1_100 * 1024;
