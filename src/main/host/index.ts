export { serve, defaultUserDataDir, type ServeOptions, type RunningHost } from './serve';
export { buildRenderer, ensureRendererBuild, defaultRendererDir } from './renderer-build';
