/**
 * The resolvers' face: `@result` and `@image`, which the services, the CLI and the engine worker
 * build with their session's lookup. The other kinds' resolvers are loaded lazily through
 * `resolverLoaders` (./lazy.ts, the second face), never imported here.
 */
export { createResultResolver, type ResultLookup, type StoredResult } from './result';
export { createImageResolver, type ImageLookup } from './image';
