/**
 * How long an end-to-end step may wait for the page before it counts as failed. These are bounds
 * for a hung page on a busy machine (the suite must pass beside three CPU-bound processes, see
 * CONTRIBUTING.md), never speed claims: speed is measured in bench/.
 */

/** Playwright's wait for an element or an action (page.setDefaultTimeout). */
export const UI_WAIT_MS = 30_000;
