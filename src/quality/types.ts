/** What quality scoring reads and writes: the input of every scorer and the `quality` block of a result. */
import type { FileLists } from '../session/file-operations.ts';
import type { JudgeResult } from './judge/judge.ts';
import type { TextIndex } from './match.ts';
import type { Probe } from './probes.ts';

/** What became of one probe in a compacted context: kept, kept in part (its statement half stated), lost, or opposed. */
export type ProbeOutcome = 'matched' | 'partial' | 'missed' | 'contradicted';

/** The quality figures of one summary, as written under `quality` in the results JSON (docs/results.md). */
export type Quality = {
  /**
   * (Matched + ½ partial) live fact probes / live fact probes (facts that still matter at the cut,
   * docs/derived-probes.md); null when the fixture has none. File names are `fileRecall`.
   */
  probeRecall: number | null;
  /** Recall per probe kind over the live probes, for every kind with at least one, sorted by kind. */
  probeRecallByKind: Record<string, number>;
  /** Live probes matched in full, live probes kept in part (each counting half), and live probes. */
  probesMatched: number;
  probesPartial: number;
  probesTotal: number;
  /** The same over history probes (facts that mattered once: a fixed error, an earlier task); null when none. */
  historyRecall: number | null;
  historyMatched: number;
  historyPartial: number;
  historyTotal: number;
  /** Probes whose opposite the summary states (counted among the missed); null when no probe has an opposite. */
  contradictions: number | null;
  /** Ids of the probes the summary did not keep in full (partial, missed or contradicted), in probe order. */
  missedProbes: string[];
  /** What became of every probe, by id. */
  probeOutcomes: Record<string, ProbeOutcome>;
  /** Files read or modified that the summary names / all such files; null when no file was touched. */
  fileRecall: number | null;
  /** The same over modified files only; null when none was modified. */
  modifiedFileRecall: number | null;
  /** Required sections present in order / required sections; null for strategies that require none. */
  structure: number | null;
  /** Paths the summary names that appear nowhere in the transcript. */
  inventedPaths: string[];
  /** LLM judge scores (`--judge`); null when not judged. */
  judge: JudgeResult | null;
};

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
  /** The whole transcript rendered without truncation, where summary paths are looked up. */
  transcriptText: string;
  /** The transcript prepared once with `createMatcher`, to reuse across strategies (else prepared here). */
  transcriptMatcher?: TextIndex;
  /** Section headings the strategy requires, in order (structured-iterative). */
  requiredSections?: readonly string[] | undefined;
  /** The summary alone, without kept messages (structure is the summary's); defaults to `text`. */
  summary?: string;
  /** What the transcript has content for, so a section standing for it may not be a placeholder. */
  expectations?: StructureExpectations;
};

/** The texts of a {@link ScoreInput} prepared once for every scorer. */
export type PreparedTexts = { summary: TextIndex; transcript: TextIndex };

/** A part of the quality block, as one scorer computes it. */
export type Scorer = (input: ScoreInput, texts: PreparedTexts) => Partial<Quality>;
