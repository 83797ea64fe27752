/**
 * Child process of the git bench: with the code loaded, times the first resolve of one git
 * reference (argv: repository folder, `@diff` | `@staged` | `@git:10`) with empty caches and
 * prints `{"ms": N}`. What a person waits for on the first reference after starting the app.
 */
import { createEngineCaches } from '../src/main/engine/caches';
import { GIT_CASES, gitBenchContext, timeGitCase } from './git';

const [dir, raw] = process.argv.slice(2);
const c = GIT_CASES.find((x) => x.ref.raw === raw);
if (!dir || !c) {
  console.error('usage: git-first-call.ts REPO @diff|@staged|@git:10');
  process.exit(2);
}
const { ms } = await timeGitCase(c, gitBenchContext(dir, createEngineCaches()));
console.log(JSON.stringify({ ms }));
