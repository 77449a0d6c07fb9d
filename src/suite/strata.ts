/** A suite's strata: its sessions by agent format and by size band, each strategy's recall in each (when mixed). */
import type { SessionDigest } from '../results/digest.ts';
import { metricOver, pairedDifference, type SessionResult } from './measures.ts';
import type { SuiteStratum } from './types.ts';

/** Size bands by tokens of the transcript: a few slices, a long session, one past a 128K window, a huge one. */
const BANDS: ReadonlyArray<{ below: number; label: string }> = [
  { below: 16_000, label: 'under 16K tokens' },
  { below: 64_000, label: '16K–64K tokens' },
  { below: 128_000, label: '64K–128K tokens' },
  { below: Number.POSITIVE_INFINITY, label: '128K tokens and more' },
];

/** The size band of a session of `tokens` tokens. */
export function sizeBand(tokens: number): string {
  return BANDS.find((band) => tokens < band.below)!.label;
}

/** The strata by format and by size band, each only when the suite holds more than one. */
export function strataOf(
  sessions: readonly SessionDigest[],
  byStrategy: ReadonlyMap<string, SessionResult[]>,
  reference: string | null,
): SuiteStratum[] {
  const strata: SuiteStratum[] = [];
  const groupings: Array<[SuiteStratum['by'], (session: SessionDigest) => string, string[]]> = [
    ['format', (session) => session.fixture.format, []],
    ['size', (session) => sizeBand(session.fixture.tokens), BANDS.map((band) => band.label)],
  ];
  for (const [by, key, order] of groupings) {
    const values = [...new Set(sessions.map(key))].sort(
      (a, b) => order.indexOf(a) - order.indexOf(b) || a.localeCompare(b),
    );
    if (values.length < 2) continue;
    for (const value of values) {
      const inStratum = (entry: SessionResult) => key(entry.session) === value;
      const referenceEntries = reference ? (byStrategy.get(reference) ?? []).filter(inStratum) : [];
      strata.push({
        by,
        value,
        sessions: sessions.filter((session) => key(session) === value).map((session) => session.fixture.name),
        strategies: [...byStrategy].map(([name, entries]) => {
          const here = entries.filter((entry) => inStratum(entry) && entry.result.status === 'ok');
          return {
            name,
            probeRecall: metricOver(here, 'probeRecall'),
            difference:
              reference && name !== reference ? pairedDifference(here, referenceEntries).difference : null,
          };
        }),
      });
    }
  }
  return strata;
}
