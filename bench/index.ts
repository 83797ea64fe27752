/**
 * `npm run bench`: runs every benchmark in turn (node scripts/run-ts.mjs bench/index.ts). Benchmarks,
 * not tests: they print figures and set a non-zero exit code when a target is missed.
 */
import { runGitBench } from './git';

const gitRows = await runGitBench();
if (gitRows.some((r) => !r.pass)) process.exitCode = 1;
