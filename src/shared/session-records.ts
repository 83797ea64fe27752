/**
 * What a session folder holds, as zod schemas checked on every read (a file that fails its schema
 * is reported and skipped):
 *
 * ```
 * DIR/session.json              SessionMeta
 * DIR/runs/run-xxxxxxxx.json    RunRecord: message, expansion, citations, warnings, reply, timings, usage
 * DIR/runs/run-xxxxxxxx.reply.txt  the run's reply, UTF-8, appended as it streams (when `replyFile`)
 * DIR/results/r-xxxxxxxx.json   ResultMeta: what the result is, its size and sha256
 * DIR/results/r-xxxxxxxx.txt    the result's text, byte for byte
 * ```
 */
import * as z from 'zod';
import { REFERENCE_KINDS } from './reference';
import { WARNING_CODES } from './warnings';

const isoTime = z.string().min(1).max(40);

/** `session.json`. */
export const SessionMetaSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^s-[a-z2-7]{8}$/),
  createdAt: isoTime,
  /** The first line of the first run's message; null until the first run. */
  title: z.string().max(200).nullable(),
});

/** `session.json`. */
export type SessionMeta = z.output<typeof SessionMetaSchema>;

/** A catalogue text as stored: its key and parameters (checked loosely: files from newer versions may name newer keys). */
const TextSchema = z.object({ key: z.string().max(200), params: z.record(z.string(), z.unknown()).optional() });

const WarningSchema = z.object({
  code: z.enum(WARNING_CODES),
  reference: z.string().nullable(),
  message: z.string(),
  text: TextSchema.optional(),
});

const SourceSchema = z
  .object({
    readAt: z.string(),
    realPath: z.string().optional(),
    links: z.number().int().optional(),
    repository: z.string().optional(),
    commits: z.array(z.string()).optional(),
    head: z.string().nullable().optional(),
    paths: z.array(z.string()).optional(),
    finalUrl: z.string().optional(),
    httpStatus: z.number().optional(),
    contentType: z.string().optional(),
    title: z.string().optional(),
    resultId: z.string().optional(),
    document: z
      .object({
        sha256: z.string(),
        format: z.string(),
        extractor: z.string(),
        unit: z.string(),
        first: z.number().int().nullable(),
        last: z.number().int().nullable(),
        count: z.number().int().nullable(),
        block: z.string().optional(),
        encoding: z.string().optional(),
        // What an image cost and what of it was sent (`text`, `image`, `both`; null: the default).
        image: z.object({ width: z.number(), height: z.number(), tokens: z.number(), send: z.enum(['text', 'image', 'both']).nullable().default(null) }).optional(),
      })
      .optional(),
  })
  .nullable();

/**
 * The citation metadata of one reference (docs/contract.md "Citations"): the engine's `ExpandedReference` without its
 * `block`, plus the id under which the attached block was stored (null when nothing was attached).
 */
export const CitationSchema = z.object({
  raw: z.string(),
  kind: z.enum(REFERENCE_KINDS),
  target: z.string(),
  lineStart: z.number().int().nullable(),
  lineEnd: z.number().int().nullable(),
  status: z.union([z.literal('attached'), z.enum(WARNING_CODES)]),
  bytes: z.number().int().min(0),
  tokens: z.number().int().min(0),
  sha256: z.string().nullable(),
  source: SourceSchema,
  from: z.number().int(),
  to: z.number().int(),
  warnings: z.array(WarningSchema),
  /** What the block's header said the reference was; records written before it was kept read as null. */
  description: z.string().nullable().default(null),
  resultId: z.string().nullable(),
});

/** One reference's citation metadata as stored with its run. */
export type Citation = z.output<typeof CitationSchema>;

/**
 * Where a run stands. `expanded`: recorded without a reply (the CLI with `--session`);
 * `running`: the reply is streaming (seen from another process, or after a crash, as
 * `interrupted`); then `done`, `stopped` (the person pressed Stop) or `failed`.
 */
export const RUN_STATUSES = ['expanded', 'running', 'interrupted', 'done', 'stopped', 'failed'] as const;

/** One of {@link RUN_STATUSES}. */
export type RunStatus = (typeof RUN_STATUSES)[number];

/** `runs/run-xxxxxxxx.json`. */
export const RunRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^run-[a-z2-7]{8}$/),
  sessionId: z.string(),
  /** 1 for the session's first run, and so on: for labels (`reply of run 3`). */
  number: z.number().int().min(1),
  status: z.enum(RUN_STATUSES),
  workspace: z.string(),
  /** The message as written. */
  message: z.string(),
  /** The expanded message exactly as sent. */
  expandedMessage: z.string(),
  tokens: z.number().int().min(0),
  attachedTokens: z.number().int().min(0),
  attachedBytes: z.number().int().min(0),
  softTokenLimit: z.number().int().min(0),
  hardTokenLimit: z.number().int().min(0),
  contextLength: z.number().int().min(0),
  references: z.array(CitationSchema),
  warnings: z.array(WarningSchema),
  endpoint: z.object({ id: z.string(), name: z.string(), baseUrl: z.string(), model: z.string() }).nullable(),
  /**
   * The reply received (all of it, or what arrived before Stop or a failure). On disk it is empty
   * when `replyFile` is set; reading a run fills it in from that file.
   */
  reply: z.string(),
  /**
   * Set on runs recorded since issue 26: the reply is in `runs/ID.reply.txt` beside the record,
   * appended as it streams, rather than in `reply` (a record without it carries its reply inline).
   */
  replyFile: z.literal(true).optional(),
  replyResultId: z.string().nullable(),
  finishReason: z.string().nullable(),
  timings: z.object({ startedAt: isoTime, firstTokenAt: isoTime.nullable(), finishedAt: isoTime.nullable() }),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() }).nullable(),
  error: z.object({ code: z.string(), message: z.string(), text: TextSchema.optional() }).nullable(),
  /** Images pasted on the composer for this run, kept in the session's `images/` by sha256; `sent` when the endpoint took them. */
  images: z.array(z.object({ name: z.string().nullable(), sha256: z.string(), format: z.string(), width: z.number(), height: z.number(), sent: z.boolean() })).optional(),
});

/** One run: everything needed to show it again, cite it, and export it. */
export type RunRecord = z.output<typeof RunRecordSchema>;

/** `results/r-xxxxxxxx.json`: the result's description; its text is in the `.txt` beside it. */
export const ResultMetaSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^r-[a-z2-7]{8}$/),
  sessionId: z.string(),
  runId: z.string(),
  /** `block`: an attached reference's block; `reply`: a model reply. */
  kind: z.enum(['block', 'reply']),
  /** For people: `@file:src/a.ts in run 2`, `reply of run 3`. */
  label: z.string(),
  /** The reference a block came from; null for a reply. */
  reference: z.string().nullable(),
  language: z.string(),
  createdAt: isoTime,
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A stored result's description. */
export type ResultMeta = z.output<typeof ResultMetaSchema>;

/** A run as the history list shows it. */
export interface RunSummary {
  id: string;
  number: number;
  status: RunRecord['status'];
  /** The first line of the message as written. */
  title: string;
  startedAt: string;
  finishedAt: string | null;
  model: string | null;
  references: number;
  attached: number;
  warnings: number;
  replyPreview: string;
  error: RunRecord['error'];
}
