export { createEngine, EngineSetupError, type Engine, type EngineOptions, type ExpandOptions } from './engine';
export { refuse, type Resolver, type ResolveContext, type Resolution, type Resolved, type Refused } from '../resolve';
export { createEngineCaches, type EngineCaches } from './caches';
export { loadTokenCounter, type TokenCounter } from './tokens';
export { startEngineWorker, engineWorkerScript, engineFactoryFor, type WorkerEngine } from './worker/worker-engine';
export type { Sanitizer } from './sanitize';
