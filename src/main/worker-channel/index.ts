/**
 * One channel between a thread and the worker it starts: typed requests, responses and progress,
 * cancellation, deadlines and error codes, a worker's death reported to every request waiting.
 * The engine, the workspace index and the extraction pool all talk to their workers through it.
 */
export { ChannelError, type ChannelErrorCode } from './channel-error';
export type { ChannelProtocol } from './wire';
export { WorkerChannel, type ChannelOptions, type RequestOptions } from './worker-channel';
export { serveChannel, type ChannelHandlers, type RequestContext, type ServedChannel } from './serve';
export { WORKER_YOUNG_GENERATION_MB } from './worker-channel';
export { IDLE_COLLECT_MS, idleCollector, fullCollection, type IdleCollector } from './idle-collect';
