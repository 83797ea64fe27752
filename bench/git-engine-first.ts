/**
 * Child process of the git bench: the first expansion of one git reference through the engine, as
 * the app's engine worker runs it (argv: repository folder, `@diff` | `@staged` | `@git:10`,
 * `cold` | `warmed`). `cold`: the tokenizer loaded, nothing of git read yet. `warmed`: after the
 * engine worker's warm-up (src/main/engine/worker/warm-up.ts) has run, as it has by the time a
 * person types a reference. Fresh expansions (the resolution cache's short reuse is not counted);
 * prints `{"ms": N}`.
 */
import { createEngine } from '../src/main/engine';
import { warmUpEngine } from '../src/main/engine/worker/warm-up';
import { DEFAULT_LIMITS, MiB } from '../src/shared/limits';

const [dir, raw, mode] = process.argv.slice(2);
if (!dir || !raw || (mode !== 'cold' && mode !== 'warmed')) {
  console.error('usage: git-engine-first.ts REPO @diff|@staged|@git:10 cold|warmed');
  process.exit(2);
}
const engine = createEngine({ workspace: dir, limits: { ...DEFAULT_LIMITS, maxReferenceBytes: 64 * MiB, maxTotalBytes: 64 * MiB } });
if (mode === 'warmed') {
  // The warm-up's timer does not keep a process alive (a worker must be free to exit): this does.
  const alive = setInterval(() => undefined, 1000);
  await warmUpEngine(engine, 0).done;
  clearInterval(alive);
}
else await engine.expand('hi');
const t0 = performance.now();
await engine.expand(raw, { fresh: true });
console.log(JSON.stringify({ ms: performance.now() - t0 }));
