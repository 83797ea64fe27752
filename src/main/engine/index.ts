export { createEngine, EngineSetupError, type Engine, type EngineOptions, type ExpandOptions } from './engine';
export { createEngineCaches, refuse, type Resolver, type ResolveContext, type Resolution, type Resolved, type Refused } from './resolver';
export { loadTokenCounter, type TokenCounter } from './tokens';
export { startEngineWorker, engineWorkerScript, engineFactoryFor, type WorkerEngine } from './worker/worker-engine';
export type { Sanitizer } from './sanitize';
