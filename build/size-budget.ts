/**
 * How large the package may grow before a test says so (build/packaged-app.test.ts). Set from the
 * measurement in docs/decisions.md ("Size") with some room: a new dependency or a library's
 * unused builds slipping back in should fail the test and be looked at, not ship unnoticed.
 */

/** app.asar as packed. */
export const ASAR_BUDGET_BYTES = 64 * 1024 * 1024;

/** The built renderer (out/renderer: the page, its scripts, styles and fonts). */
export const RENDERER_BUDGET_BYTES = 4 * 1024 * 1024;
