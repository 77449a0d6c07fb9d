/**
 * How the tool labels a reader's fact in a text (docs/calibration.md): by its statement (statement-match.ts), and an
 * artifact fact lost that way in part where the text names one of its files in prose, as a derived artifact probe is.
 */
import { fileName } from '../session/normalise-path.ts';
import { namesArtifactInProse } from '../quality/artifact-described.ts';
import { extractPaths } from '../quality/paths.ts';
import type { StatementReading } from '../quality/meaning.ts';
import type { Probe } from '../quality/probes.ts';
import { statementLabel, type StatementIndex, type StatementLabel } from '../quality/statement-match.ts';
import type { CalibrationFact } from './cuts.ts';

/**
 * The tool's label of a reader's fact in a text: how the text states its statement (statement-match.ts); an artifact
 * fact that is lost that way is kept in part where the text names one of its files in a clause that says something
 * of it in prose, as a derived artifact probe is (artifact-described.ts): "Created `otel.ex` with safe, idempotent
 * initialization" keeps part of a fact that lists what otel.ex does.
 */
export function factLabel(
  index: StatementIndex,
  reading: StatementReading,
  files: readonly Probe[],
): StatementLabel {
  const label = statementLabel(index, reading);
  return label === 'lost' && files.some((file) => namesArtifactInProse(index, file)) ? 'partial' : label;
}

/** An artifact fact's files, each as the artifact probe of that file the fact's statement describes. */
export function filesOf(fact: CalibrationFact): Probe[] {
  if (fact.kind !== 'artifact') return [];
  // A file, not a directory or a route (`modes/interactive/theme/`, `/api/hooks/session-end`).
  const files = extractPaths(fact.statement).filter((path) => /\.\w+$|file$/i.test(fileName(path)));
  return [...new Set(files)].map((file) => ({
    id: fact.id,
    kind: 'artifact',
    question: `What does ${file} now hold?`,
    answer: fact.statement,
    facets: [[file]],
    contradictions: [],
    source: 'sidecar',
    file,
    statement: fact.statement,
  }));
}
