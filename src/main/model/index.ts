/** The client for model endpoints (OpenAI-compatible chat completions, streamed). */
export { chatRequestBody, streamChat, type ChatEndpoint, type ChatMessage, type ChatOutcome, type ChatOutcomeBase, type StreamChatOptions } from './chat-stream';
export type { ChatUsage } from './chunks';
export { modelError, type ModelError, type ModelErrorCode } from './errors';
export { createSseDecoder, type SseDecoder } from './sse';
