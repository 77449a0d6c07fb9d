/** Deterministic, offline quality scores of one summary (SPEC §7): probe and file recall, structure, invented paths. */
import type { FileLists } from '../session/file-operations.ts';
import type { JudgeResult } from './judge.ts';
import type { TextMatcher } from './match.ts';
import { createMatcher, normalizeForMatch } from './match.ts';
import { findInventedPaths } from './paths.ts';
import type { Probe } from './probes.ts';
import { pathSpellings } from './probes.ts';

/** The quality figures of one summary, as written under `quality` in the results JSON. */
export type Quality = {
  /** Matched probes / probes (sidecar and derived file probes); null when there are no probes. */
  probeRecall: number | null;
  /** Recall per probe kind, for every kind with at least one probe, sorted by kind. */
  probeRecallByKind: Record<string, number>;
  probesMatched: number;
  probesTotal: number;
  /** Ids of the probes the summary missed, in probe order. */
  missedProbes: string[];
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

/** Quality metrics a gate can address; `probeRecall.<kind>` addresses one kind's recall too. */
export const QUALITY_METRICS = [
  'probeRecall',
  'fileRecall',
  'modifiedFileRecall',
  'structure',
  'inventedPaths',
  'judge',
] as const;

/** A gateable metric name: one of {@link QUALITY_METRICS} or `probeRecall.<kind>`. */
export type QualityMetric = (typeof QUALITY_METRICS)[number] | `probeRecall.${string}`;

/** Whether `name` is a gateable metric. */
export function isQualityMetric(name: string): name is QualityMetric {
  return (QUALITY_METRICS as readonly string[]).includes(name) || /^probeRecall\.\S+$/.test(name);
}

/** Whether a metric is a share in [0, 1] where higher is better, or a count where lower is better. */
export function metricDirection(metric: QualityMetric): 'higher' | 'lower' {
  return metric === 'inventedPaths' ? 'lower' : 'higher';
}

/** What {@link scoreSummary} needs. */
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
  transcriptMatcher?: TextMatcher;
  /** Section headings the strategy requires, in order (structured-iterative). */
  requiredSections?: readonly string[] | undefined;
};

/** Scores one summary; pure and deterministic. */
export function scoreSummary(input: ScoreInput): Quality {
  const summary = createMatcher(input.text);
  const transcript = input.transcriptMatcher ?? createMatcher(input.transcriptText);
  const probes = scoreProbes(summary, input.probes);
  const named = (path: string) => summary.hasAny(pathSpellings(path, input.cwd));
  const all = [...input.files.read, ...input.files.modified];
  return {
    ...probes,
    fileRecall: share(all.filter(named).length, all.length),
    modifiedFileRecall: share(input.files.modified.filter(named).length, input.files.modified.length),
    structure: input.requiredSections ? scoreStructure(input.text, input.requiredSections) : null,
    inventedPaths: findInventedPaths(input.text, transcript, input.cwd),
    judge: null,
  };
}

function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Probe recall overall and per kind: a probe is kept when the summary contains any of its `match` strings. */
function scoreProbes(
  summary: TextMatcher,
  probes: readonly Probe[],
): Pick<Quality, 'probeRecall' | 'probeRecallByKind' | 'probesMatched' | 'probesTotal' | 'missedProbes'> {
  const byKind = new Map<string, { matched: number; total: number }>();
  const missedProbes: string[] = [];
  for (const probe of probes) {
    const counts = byKind.get(probe.kind) ?? { matched: 0, total: 0 };
    counts.total++;
    if (summary.hasAny(probe.match)) counts.matched++;
    else missedProbes.push(probe.id);
    byKind.set(probe.kind, counts);
  }
  const probeRecallByKind: Record<string, number> = {};
  for (const kind of [...byKind.keys()].sort()) {
    const counts = byKind.get(kind)!;
    probeRecallByKind[kind] = counts.matched / counts.total;
  }
  const probesMatched = probes.length - missedProbes.length;
  return {
    probeRecall: share(probesMatched, probes.length),
    probeRecallByKind,
    probesMatched,
    probesTotal: probes.length,
    missedProbes,
  };
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$/gm;

/** The text of every ATX Markdown heading (`## Goal`) outside code fences, normalized, without a trailing colon. */
export function markdownHeadings(text: string): string[] {
  const outsideFences = text.replace(/^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm, '');
  return [...outsideFences.matchAll(HEADING)].map((match) =>
    normalizeForMatch(match[1] ?? '').replace(/\s*:$/, ''),
  );
}

/**
 * Structure: the share of required sections that appear as headings in the required order, i.e. the longest
 * run of headings whose sections keep the required order (a longest increasing subsequence) / required sections.
 * A heading is a section's when it reads the same (case, Markdown and a trailing colon aside) or starts with the
 * section name followed by a non-word character (`## Next Steps (in order)`). Null when nothing is required.
 */
export function scoreStructure(text: string, requiredSections: readonly string[]): number | null {
  if (requiredSections.length === 0) return null;
  const sections = requiredSections.map((section) => normalizeForMatch(section).replace(/\s*:$/, ''));
  const positions = markdownHeadings(text).flatMap((heading) => {
    const index = sectionOf(heading, sections);
    return index < 0 ? [] : [index];
  });
  return longestIncreasing(positions) / sections.length;
}

/** The required section a heading stands for (exact name first, then the longest name it starts with), or -1. */
function sectionOf(heading: string, sections: readonly string[]): number {
  const exact = sections.indexOf(heading);
  if (exact >= 0) return exact;
  let best = -1;
  sections.forEach((section, index) => {
    const next = heading[section.length];
    const startsWithSection =
      heading.startsWith(section) && next !== undefined && !/[\p{L}\p{N}_]/u.test(next);
    if (startsWithSection && (best < 0 || section.length > (sections[best]?.length ?? 0))) best = index;
  });
  return best;
}

/** Length of the longest strictly increasing subsequence (patience sorting), so a repeated heading counts once. */
function longestIncreasing(values: readonly number[]): number {
  const tails: number[] = [];
  for (const value of values) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle]! < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
  }
  return tails.length;
}
