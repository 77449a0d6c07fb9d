/** What quality scoring reads and writes: the input of every scorer and the `quality` block of a result. */
import * as z from 'zod';
import type { FileLists } from '../session/file-operations.ts';
import { judgeResultSchema } from './judge/judge.ts';
import type { TextIndex } from './match.ts';
import type { Probe } from './probes.ts';

/** What became of one probe in a compacted context: kept, kept in part (its statement half stated), lost, or opposed. */
export const probeOutcomeSchema = z.enum(['matched', 'partial', 'missed', 'contradicted']);

/** One of {@link probeOutcomeSchema}. */
export type ProbeOutcome = z.infer<typeof probeOutcomeSchema>;

/**
 * The offline quality figures of one summary (the quality block without the judge). The partial and history
 * counts default for files written before live facts and history (issue 23): every probe was then live.
 */
export const lexicalScoresSchema = z.object({
  /**
   * (Matched + ½ partial) live fact probes / live fact probes (facts that still matter at the cut,
   * docs/derived-probes.md); null when the fixture has none. File names are `fileRecall`.
   */
  probeRecall: z.number().nullable(),
  /** Recall per probe kind over the live probes, for every kind with at least one, sorted by kind. */
  probeRecallByKind: z.record(z.string(), z.number()),
  /** Live probes matched in full, live probes kept in part (each counting half), and live probes. */
  probesMatched: z.number(),
  probesPartial: z.number().default(0),
  probesTotal: z.number(),
  /** The same over history probes (facts that mattered once: a fixed error, an earlier task); null when none. */
  historyRecall: z.number().nullable().default(null),
  historyMatched: z.number().default(0),
  historyPartial: z.number().default(0),
  historyTotal: z.number().default(0),
  /** Probes whose opposite the summary states (counted among the missed); null when no probe has an opposite. */
  contradictions: z.number().nullable(),
  /** Ids of the probes the summary did not keep in full (partial, missed or contradicted), in probe order. */
  missedProbes: z.array(z.string()),
  /** What became of every probe, by id. */
  probeOutcomes: z.record(z.string(), probeOutcomeSchema),
  /** Files read or modified that the summary names / all such files; null when no file was touched. */
  fileRecall: z.number().nullable(),
  /** The same over modified files only; null when none was modified. */
  modifiedFileRecall: z.number().nullable(),
  /** Required sections present in order / required sections; null for strategies that require none. */
  structure: z.number().nullable(),
  /** Paths the summary names that appear nowhere in the transcript. */
  inventedPaths: z.array(z.string()),
});

/** The quality figures of one summary, as written under `quality` in the results JSON (docs/results.md). */
export const qualitySchema = lexicalScoresSchema.extend({
  /** LLM judge scores (`--judge`); null when not judged. */
  judge: judgeResultSchema.nullable(),
});

/** The offline scores of one context. */
export type LexicalScores = z.infer<typeof lexicalScoresSchema>;
/** The quality block of a result. */
export type Quality = z.infer<typeof qualitySchema>;

/** What the transcript has content for, so a summary section standing for it may not be left as a placeholder. */
export type StructureExpectations = {
  constraints: boolean;
  decisions: boolean;
  errors: boolean;
  files: boolean;
  nextSteps: boolean;
};

/** What every scorer may read about one compacted context and its fixture. */
export type ScoreInput = {
  /** The summary (for strategies that keep messages too, the whole compacted context as text). */
  text: string;
  probes: readonly Probe[];
  /** Files read and modified through tool calls (`fileLists(session.fileOperations)`). */
  files: FileLists;
  /** The session's working directory: absolute paths may be written relative to it. */
  cwd?: string | undefined;
  /** The whole transcript rendered without truncation, where summary paths are looked up (read only when needed). */
  transcriptText: string;
  /** Its length: a context shorter than the transcript is known not to be it without reading it. */
  transcriptLength?: number;
  /** Whether a text ends with the transcript, told without rendering it whole (else `transcriptText` is read). */
  endsWithTranscript?: (text: string) => boolean;
  /**
   * The transcript prepared once with `createMatcher`, to reuse across strategies (else prepared here); read only when
   * a scorer needs it (a summary's path the transcript does not name as written, a context that is the transcript).
   */
  readonly transcriptMatcher?: TextIndex;
  /** The paths the transcript names (`namedPathKeys` of paths.ts), read once per transcript (else read here). */
  readonly transcriptPaths?: ReadonlySet<string>;
  /** The transcript's lines that write a path as a summary does (written-paths.ts), asked before its paths and index. */
  readonly transcriptWrittenPaths?: WrittenPaths;
  /** Section headings the strategy requires, in order (structured-iterative). */
  requiredSections?: readonly string[] | undefined;
  /** The summary alone, without kept messages (structure is the summary's); defaults to `text`. */
  summary?: string;
  /** What the transcript has content for, so a section standing for it may not be a placeholder. */
  expectations?: StructureExpectations;
};

/** The lines of one transcript that write a path as given, asked once per path (written-paths.ts). */
export type WrittenPaths = {
  /**
   * True when a line writing one of `spellings` as it is names `path` (as the transcript's paths are read) or holds a
   * spelling under the matching rules; false when none tells, which says nothing either way.
   */
  present(path: string, spellings: readonly string[]): boolean;
};

/** The texts of a {@link ScoreInput} prepared once for every scorer; the transcript's only when first read. */
export type PreparedTexts = {
  readonly summary: TextIndex;
  readonly transcript: TextIndex;
  /**
   * The context is the transcript itself, or it after one blank line (a context of every message and no summary, as
   * a run writes it): it names exactly the transcript's paths, read the same way.
   */
  readonly isTranscript: boolean;
};

/** A part of the quality block, as one scorer computes it. */
export type Scorer = (input: ScoreInput, texts: PreparedTexts) => Partial<Quality>;
