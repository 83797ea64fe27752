import { createResolverCaches, type ResolveContext, type ResolverCaches } from '../resolve';
import { CleanedTextCache } from './cleaned-cache';
import { ResolutionCache } from './resolution-cache';

/** Caches that outlive one expansion: the resolvers' own, and the engine's resolved and cleaned texts. */
export interface EngineCaches extends ResolverCaches {
  /** Resolved, sanitized and counted references, keyed by reference and content identity. */
  resolutions: ResolutionCache;
  /** Sanitized and counted texts by reference and exact text, for fresh reads that come back the same. */
  cleaned: CleanedTextCache;
}

/** Creates empty caches for one engine. */
export function createEngineCaches(): EngineCaches {
  return { ...createResolverCaches(), resolutions: new ResolutionCache(), cleaned: new CleanedTextCache() };
}

/** A resolve context as the engine builds it: with the engine's caches. */
export type EngineContext = ResolveContext & { caches: EngineCaches };
