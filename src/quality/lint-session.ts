/** `probes lint`: a fixture's probes checked against its transcript (src/quality/probe-lint.ts). */
import { type LintFinding, lintProbes, positionHistogram } from './probe-lint.ts';
import { readSidecar, sidecarPath } from './probes.ts';
import { type LoadOptions, loadSession } from '../session/load.ts';

/** What `probes lint` reports. */
export type LintResult = {
  transcript: string;
  sidecar: string;
  /** The sidecar's format version, or null when the fixture has none. */
  version: 1 | 2 | null;
  probes: number;
  messages: number;
  /** Probes per tenth of the session, by where they are planted. */
  histogram: number[];
  findings: LintFinding[];
  errors: number;
  warnings: number;
};

/** Loads a fixture and lints its sidecar probes. */
export async function lintSession(argument: string, options: LoadOptions = {}): Promise<LintResult> {
  const session = await loadSession(argument, options);
  const sidecar = await readSidecar(session.path);
  const probes = sidecar?.probes ?? [];
  const findings = lintProbes({ probes, messages: session.messages });
  if (sidecar?.version === 1) {
    findings.unshift({
      probe: '(file)',
      level: 'warning',
      rule: 'message-index',
      message:
        'a version 1 sidecar: each probe is one facet of `match` strings; version 2 adds facets and contradictions',
    });
  }
  return {
    transcript: session.name,
    sidecar: sidecar?.file ?? sidecarPath(session.path),
    version: sidecar?.version ?? null,
    probes: probes.length,
    messages: session.messages.length,
    histogram: positionHistogram(probes, session.messages.length),
    findings,
    errors: findings.filter((finding) => finding.level === 'error').length,
    warnings: findings.filter((finding) => finding.level === 'warning').length,
  };
}
