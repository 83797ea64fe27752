/**
 * The engine in a worker thread: what the app and the browser host start. It sits above the engine
 * (it also opens the session for `@result`), so the engine's own face (../index.ts) does not export it.
 */
export { startEngineWorker, prestartEngineWorker, closeSpareEngineWorker, engineWorkerScript, engineFactoryFor, type WorkerEngine } from './worker-engine';
