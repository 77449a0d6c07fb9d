#!/usr/bin/env node
// Prints the human live-fact recall of every labelled summary in calibration/cuts/ as a Markdown table
// (the table in calibration/README.md). It reads only the labels, never a tool score.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cutsDirectory = join(dirname(fileURLToPath(import.meta.url)), 'cuts');
const credit = { contradicted: 0, lost: 0, partial: 0.5, kept: 1 };

/** Credit for a fact judged on the summary plus the kept tail: the better of the two, but a summary that
 * contradicts what the tail keeps leaves the reader with two claims, so it earns half. */
export function withTailCredit(summaryLabel, tailLabel) {
  if (summaryLabel === 'contradicted') return tailLabel === 'kept' ? 0.5 : 0;
  return Math.max(credit[summaryLabel], credit[tailLabel]);
}

/** Human recall rows for one cut file's parsed JSON. */
export function recallRows(cut) {
  const live = cut.facts.filter((fact) => fact.live);
  const history = cut.facts.filter((fact) => !fact.live);
  const mean = (facts, score) =>
    facts.length === 0 ? null : facts.reduce((sum, fact) => sum + score(fact), 0) / facts.length;
  return cut.summaries.map((summary) => {
    const label = (fact) => summary.labels[fact.id].label;
    return {
      cut: cut.id,
      split: cut.split,
      summary: summary.id,
      source: summary.source,
      liveFacts: live.length,
      recall: mean(live, (fact) => credit[label(fact)]),
      recallWithTail: mean(live, (fact) => withTailCredit(label(fact), fact.inKeptTail)),
      historyRecall: mean(history, (fact) => credit[label(fact)]),
      contradicted: cut.facts.filter((fact) => label(fact) === 'contradicted').length,
    };
  });
}

function main() {
  const files = readdirSync(cutsDirectory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const rows = files.flatMap((name) =>
    recallRows(JSON.parse(readFileSync(join(cutsDirectory, name), 'utf8'))),
  );
  const figure = (value) => (value === null ? '–' : value.toFixed(2));
  const lines = [
    '| Cut | Split | Summary | Source | Live facts | Recall | Recall with tail | History recall | Contradicted |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.cut} | ${row.split} | ${row.summary} | ${row.source} | ${row.liveFacts} | ${figure(row.recall)} | ${figure(row.recallWithTail)} | ${figure(row.historyRecall)} | ${row.contradicted} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
