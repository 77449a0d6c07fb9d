/** The line every report shows on what a fixture's scores rest on: which probes, from where. */
import type { ResultsFile } from '../results/types.ts';

/** What to do when a transcript has no fact probes. */
export const FILE_NAMES_ONLY = 'file-name coverage only — run `compaction-bench probes` to measure facts';

/**
 * `30 probes (21 live, 9 history)`: probe recall is over the live ones, history recall over the others; a results
 * file before liveness (or a session with no history) says `30 probes`.
 */
export function probeCountText(
  fixture: Pick<ResultsFile['fixture'], 'probes' | 'liveProbes'>,
  noun = 'probes',
): string {
  const live = fixture.liveProbes ?? fixture.probes;
  return live === fixture.probes
    ? `${fixture.probes} ${noun}`
    : `${fixture.probes} ${noun} (${live} live, ${fixture.probes - live} history)`;
}

/**
 * Which probe sources the scores rest on: "derived only: 54 probes; no reviewed sidecar", a sidecar with its
 * sources, or file-name coverage only when there is no fact probe.
 */
export function probeSourcesLine(fixture: ResultsFile['fixture']): string {
  if (fixture.probes === 0) {
    return fixture.files > 0
      ? `Probes: ${FILE_NAMES_ONLY}.`
      : 'Probes: none — no fact could be derived from this transcript and it touched no file; write a sidecar with `compaction-bench probes`.';
  }
  const sources = fixture.probeSources;
  if (fixture.probeFile === null)
    return `Probes: derived only: ${fixture.probes} probes; no reviewed sidecar (\`compaction-bench probes\` writes one to review).`;
  const parts = [
    sources.sidecar > 0 ? `${sources.sidecar} by hand` : '',
    sources.derived > 0 ? `${sources.derived} derived` : '',
    (sources.model ?? 0) > 0 ? `${sources.model} model-written` : '',
  ].filter(Boolean);
  const file = fixture.probeFile ? ` \`${fixture.probeFile}\`` : '';
  return `Probes: sidecar${file}: ${fixture.probes} probes (${parts.join(', ')}).`;
}
