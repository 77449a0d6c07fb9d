/** The fact-level diff against a baseline: which probes each strategy lost and gained, in how many sessions. */
import { nearestText } from './nearest-text.ts';
import { probeScores, type ProbeScored } from './outcomes.ts';

/** One probe of one strategy that changed against the baseline in some sessions. */
export type FactChange = {
  strategy: string;
  probe: string;
  /** Sessions where the baseline kept it and this run did not, and the other way round. */
  lost: string[];
  gained: string[];
  /** Sessions paired that hold this probe. */
  sessions: number;
  /** The fact as the probe states it (its expected answer); null when the session lists no answer. */
  answer: string | null;
  /** For a lost fact: the piece of this run's summary nearest the answer (in the first session lost), or null. */
  nearest: string | null;
  /** A live fact (fact recall's); false for history (a fact that no longer matters at the cut, not gated). */
  live: boolean;
};

/** What the diff reads of a session: its name and its probes' answers. */
type DiffSession = {
  fixture: { name: string };
  probes?: ReadonlyArray<{ id: string; answer?: string; live?: boolean }>;
};

/** Kept in a run: matched or kept in part (½), or (several runs) a mean of at least one half. */
const kept = (score: number) => score >= 0.5;

/**
 * The changes of every strategy, the most often lost probes first, live facts apart from history (`liveOf`: a
 * session's live fact ids; without it every probe is live).
 */
export function factChanges(
  strategies: ReadonlyArray<{
    strategy: string;
    pairs: ReadonlyArray<{
      session: DiffSession;
      now: ProbeScored & { summary?: string };
      before: ProbeScored;
    }>;
  }>,
  liveOf?: (session: DiffSession) => ReadonlySet<string>,
): FactChange[] {
  const changes: FactChange[] = [];
  for (const { strategy, pairs } of strategies) {
    const byProbe = new Map<string, FactChange>();
    for (const { session, now, before } of pairs) {
      const was = probeScores(before);
      const live = liveOf?.(session);
      for (const [probe, score] of probeScores(now)) {
        const previous = was.get(probe);
        if (previous === undefined) continue;
        const isLive = live === undefined || live.has(probe);
        const key = `${isLive ? 'live' : 'history'}\u0000${probe}`;
        const answer = session.probes?.find((entry) => entry.id === probe)?.answer ?? null;
        const change = byProbe.get(key) ?? {
          strategy,
          probe,
          lost: [],
          gained: [],
          sessions: 0,
          answer,
          nearest: null,
          live: isLive,
        };
        change.sessions++;
        if (kept(previous) && !kept(score)) {
          if (change.lost.length === 0 && answer) {
            change.answer = answer;
            change.nearest = nearestText(now.summary ?? '', answer);
          }
          change.lost.push(session.fixture.name);
        }
        if (!kept(previous) && kept(score)) change.gained.push(session.fixture.name);
        byProbe.set(key, change);
      }
    }
    changes.push(
      ...[...byProbe.values()]
        .filter((change) => change.lost.length + change.gained.length > 0)
        .sort(
          (a, b) =>
            Number(b.live) - Number(a.live) ||
            b.lost.length - a.lost.length ||
            b.gained.length - a.gained.length ||
            a.probe.localeCompare(b.probe),
        ),
    );
  }
  return changes;
}
