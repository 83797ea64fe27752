export { createEngine, EngineSetupError, type Engine, type EngineOptions, type ExpandOptions, type KindExtension } from './engine';
export { createEngineCaches, type EngineCaches } from './caches';
export { loadTokenCounter, type TokenCounter } from './tokens';
export type { Sanitizer } from './sanitize';
