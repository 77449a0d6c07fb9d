/** A probe as an extractor proposes it, before it gets an id and a source. */
import type { Probe, ProbeKind } from '../probes.ts';

/** What each extractor returns; `deriveProbes` names, checks and selects them. */
export type DraftProbe = Omit<Probe, 'id' | 'source' | 'contradictions' | 'kind' | 'messageIndex'> & {
  kind: ProbeKind;
  messageIndex: number;
  /** What states the fact's opposite, where its facets cannot ("commit freely" for "don't commit"). */
  contradictions?: string[];
};
