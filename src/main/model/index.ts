/** The client for model endpoints (OpenAI-compatible chat completions, streamed). */
export {
  chatRequestBody,
  streamChat,
  type ChatEndpoint,
  type ChatMessage,
  type ChatOutcome,
  type ChatOutcomeBase,
  type StreamChatOptions,
  type ChatContentPart,
} from './chat-stream';
export type { ChatUsage } from './chunks';
export { modelError, type ModelError, type ModelErrorCode } from './errors';
export { createSseDecoder, type SseDecoder } from './sse';
export { localServers, listModels } from './list-models';
export { imageDataUrl, stripImageMetadata } from './image-metadata';
