/**
 * How long one document may take, measured in the work it does rather than on the clock
 * (docs/decisions.md, "Documents: budgets that count work"). Each document gets its own budget,
 * scaled by its size, and eight documents in one prompt do not share one: a queue wait is not
 * work. The budget is the worker thread's CPU time where the OS reports it (Linux); a unit (page,
 * slide, sheet) must finish within a generous wall-clock idle bound; and the whole job within an
 * outer wall-clock bound that holds everywhere. A Retry reads without a work budget: the person
 * asked to wait, sees the progress, and can cancel.
 */
import { MiB } from '../../shared/limits';
import type { JobBudget } from './worker-slot';

/** The outer wall-clock bound of a patient read (a Retry): 10 minutes. */
export const PATIENT_CLOCK_MS = 10 * 60_000;

/**
 * The budget of one document of `bytes` bytes. `timeMs` is the work a document of up to 1 MiB may
 * do (Settings → "Time for a document", default 20 s); each further 4 MiB adds as much again, and
 * each page, slide or sheet to read adds a twentieth of it once the worker has counted them.
 */
export function documentBudget(bytes: number, timeMs: number, patient = false): JobBudget {
  const workMs = Math.round(timeMs * (1 + Math.max(0, bytes - MiB) / (4 * MiB)));
  return {
    workMs: patient ? null : workMs,
    workPerUnitMs: Math.round(timeMs / 20),
    // Wall-clock bounds stay far above the work budget: a laptop busy with other work may run the
    // worker at a tenth of its speed, and that is no reason to fail a document.
    idleMs: patient ? PATIENT_CLOCK_MS : Math.max(60_000, 4 * workMs),
    clockMs: patient ? PATIENT_CLOCK_MS : Math.max(120_000, 8 * workMs),
  };
}

/**
 * The budget of one image of `pixels` pixels, read by OCR: OCR's work grows with the pixels, not
 * the file's bytes (a PNG screenshot compresses to little). `timeMs` covers an image of up to four
 * megapixels (a 2560 × 1600 screen) and each further four adds as much again; the engine's first
 * load (about a second and a half of work) fits well within it.
 */
export function imageBudget(pixels: number, timeMs: number, patient = false): JobBudget {
  const workMs = Math.round(timeMs * (1 + Math.max(0, pixels - 4_000_000) / 4_000_000));
  return {
    workMs: patient ? null : workMs,
    workPerUnitMs: 0,
    idleMs: patient ? PATIENT_CLOCK_MS : Math.max(60_000, 4 * workMs),
    clockMs: patient ? PATIENT_CLOCK_MS : Math.max(120_000, 8 * workMs),
  };
}
