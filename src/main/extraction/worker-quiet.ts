/**
 * Imported first by the extraction worker: whatever a library prints (pdf.js warns about fonts and
 * the canvas it does without) is dropped here, in the worker, never written. Writing anything to a
 * worker's piped stdout keeps the process's event loop alive even after the worker is unref'd, so
 * a CLI run would wait on an idle worker; and nothing a parser says is shown or kept anyway.
 */
const silent = () => undefined;
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[method] = silent;
process.stdout.write = () => true;
process.stderr.write = () => true;
