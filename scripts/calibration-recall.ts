/**
 * Human live-fact recall of every labelled summary of the tuning cuts in calibration/cuts/, from the labels alone (no
 * tool score is read). `npx tsx scripts/calibration-recall.ts` prints the table kept in calibration/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A reader's verdict on one fact in one summary. */
export type Label = 'kept' | 'partial' | 'lost' | 'contradicted';

/** One fact a successor needs at the cut (see calibration/README.md). */
export type CalibrationFact = {
  id: string;
  kind: string;
  live: boolean;
  statement: string;
  evidence: number[];
  inKeptTail: Label;
  note?: string;
};

/** One labelled summary at a cut: its text, or the rule that rebuilds it from the transcript. */
export type CalibrationSummary = {
  id: string;
  source: string;
  text?: string;
  sha256?: string;
  extract?: { rule: string; entries: { from: number; to: number }; note?: string };
  flaws?: Array<{ fact: string; flaw: string }>;
  labels: Record<string, { label: Label; note?: string }>;
};

/** One cut file of calibration/cuts/. */
export type CalibrationCut = {
  schemaVersion: number;
  id: string;
  split: 'tuning' | 'held-out';
  session: {
    path: string;
    sha256: string;
    entries: number;
    format: string;
    root?: string;
    repository?: string;
  };
  cut: {
    kind: string;
    entryIndex: number;
    summarizedEntries: { from: number; to: number };
    keptTail: { from: number; to: number } | null;
    nextEntry: number;
  };
  facts: CalibrationFact[];
  summaries: CalibrationSummary[];
};

/** One row of the human recall table. */
export type RecallRow = {
  cut: string;
  split: string;
  summary: string;
  source: string;
  liveFacts: number;
  recall: number;
  recallWithTail: number;
  historyRecall: number | null;
  contradicted: number;
};

/** The folder holding the cut files. */
export const CUTS_DIRECTORY = fileURLToPath(new URL('../calibration/cuts/', import.meta.url));

const CREDIT: Record<Label, number> = { contradicted: 0, lost: 0, partial: 0.5, kept: 1 };

/** Every cut file, parsed, in file-name order. */
export function loadCuts(directory: string = CUTS_DIRECTORY): CalibrationCut[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')) as CalibrationCut);
}

/**
 * Credit for a fact judged on the summary plus the kept tail: the better of the two, except that a
 * summary contradicting what the tail keeps leaves the reader two claims and earns half.
 */
export function withTailCredit(summaryLabel: Label, tailLabel: Label): number {
  if (summaryLabel === 'contradicted') return tailLabel === 'kept' ? 0.5 : 0;
  return Math.max(CREDIT[summaryLabel], CREDIT[tailLabel]);
}

/** Human recall of each summary of a cut: (kept + 0.5 partial) / live facts, alone and with the tail. */
export function recallRows(cut: CalibrationCut): RecallRow[] {
  const live = cut.facts.filter((fact) => fact.live);
  const history = cut.facts.filter((fact) => !fact.live);
  const mean = (facts: CalibrationFact[], score: (fact: CalibrationFact) => number): number =>
    facts.reduce((sum, fact) => sum + score(fact), 0) / facts.length;
  return cut.summaries.map((summary) => {
    const label = (fact: CalibrationFact): Label => {
      const verdict = summary.labels[fact.id];
      if (!verdict) throw new Error(`${cut.id}/${summary.id}: no label for fact ${fact.id}`);
      return verdict.label;
    };
    return {
      cut: cut.id,
      split: cut.split,
      summary: summary.id,
      source: summary.source,
      liveFacts: live.length,
      recall: mean(live, (fact) => CREDIT[label(fact)]),
      recallWithTail: mean(live, (fact) => withTailCredit(label(fact), fact.inKeptTail)),
      historyRecall: history.length === 0 ? null : mean(history, (fact) => CREDIT[label(fact)]),
      contradicted: cut.facts.filter((fact) => label(fact) === 'contradicted').length,
    };
  });
}

/** The rows as the Markdown table of calibration/README.md (unaligned; prettier aligns it there). */
export function recallTable(rows: readonly RecallRow[]): string {
  const figure = (value: number | null): string => (value === null ? '–' : value.toFixed(2));
  return [
    '| Cut | Split | Summary | Source | Live facts | Recall | Recall with tail | History recall | Contradicted |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.cut} | ${row.split} | ${row.summary} | ${row.source} | ${row.liveFacts} | ${figure(row.recall)} | ` +
        `${figure(row.recallWithTail)} | ${figure(row.historyRecall)} | ${row.contradicted} |`,
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The tuning part only: the held-out cuts stay blind until their figures are printed once, at the end.
  const tuning = loadCuts().filter((cut) => cut.split !== 'held-out');
  process.stdout.write(`${recallTable(tuning.flatMap(recallRows))}\n`);
}
