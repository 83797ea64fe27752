/** Sessions on disk: runs, results, drafts, history, export, and Send. */
export { ID_PREFIX, isId, newId, type IdKind } from './ids';
export { CitationSchema, ResultMetaSchema, RunRecordSchema, RUN_STATUSES, SessionMetaSchema, type Citation, type ResultMeta, type RunRecord, type RunStatus, type SessionMeta } from '../../shared/session-records';
export { MAX_RESULT_BYTES, readResult, sha256Hex } from './result-files';
export {
  openSession,
  titleOf,
  type CreateRunOptions,
  type Listing,
  type OpenSessionOptions,
  type OpenSessionResult,
  type ResultSummary,
  type RunEndpoint,
  type RunSummary,
  type SessionStore,
} from './session-store';
export { createSession, listSessions, type SessionSummary } from './session-list';
export { createDraftStore, DRAFT_FILE, type Draft, type DraftStore, type DraftStoreOptions, type SavedDraft } from './draft';
export { citationTable, runToMarkdown } from './export';
export { send, type SendErrorCode, type SendOptions, type SendOutcome } from './send';
export { ageOf, resultChoices, type ResultChoice, type ResultChoiceOptions } from './result-choices';
