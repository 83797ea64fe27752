// Runs a command (default: npm test) on a busy machine: three CPU-bound processes spin beside it
// for its whole run and are killed when it ends. The suite must pass like this (CONTRIBUTING.md,
// "A busy machine"): no test may assert a time a four-times slower machine would miss.
// Usage: node scripts/busy.mjs [--burners N] [COMMAND ARGS...]   (npm run test:busy)
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
let burners = 3;
if (args[0] === '--burners') {
  burners = Number(args[1]);
  args.splice(0, 2);
}
const [command, ...rest] = args.length > 0 ? args : ['npm', 'test'];

const spinning = Array.from({ length: burners }, () => spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
const stopBurners = () => spinning.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

console.log(`busy: ${burners} CPU-bound processes beside \`${[command, ...rest].join(' ')}\` (pids ${spinning.map((c) => c.pid).join(', ')})`);
const started = Date.now();
const run = spawn(command, rest, { stdio: 'inherit' });
run.on('exit', (code, signal) => {
  console.log(`busy: \`${[command, ...rest].join(' ')}\` ended with ${signal ?? code} after ${Math.round((Date.now() - started) / 1000)} s beside ${burners} busy processes`);
  process.exit(code ?? 1);
});
