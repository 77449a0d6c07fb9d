/**
 * A session's reports and terminal table rendered once ahead, while its calls are in flight, on the strategies scored
 * so far, and let go: the reports written after the last answer then run code already compiled and warm. Nothing is
 * written. And what the page reads of each strategy alone (its summary's facets) read as the strategy is scored.
 */
import type { JobRecord, SessionRecord } from '../results/record.ts';
import type { StrategyResult } from '../results/types.ts';
import { loadSummaryFacets } from '../quality/scoring-load.ts';
import { storedCalls } from '../results/records-file.ts';
import { aggregateSession } from '../stages/aggregate.ts';
import type { RunEnvironment, SessionPlan } from '../stages/types.ts';
import { loadRenderers } from '../report/load-renderers.ts';
import type { AnswerWindow } from './quiet-thread.ts';

/**
 * The job records of a plan's strategies scored so far, and when enough were to render ahead: two (comparisons and
 * plots of several strategies have code of their own), or one where the plan has two, one fewer than it has.
 */
type Scored = { jobs: JobRecord[]; enough: Promise<void>; add(records: readonly JobRecord[]): void };

const scoredSoFar = new WeakMap<SessionPlan, Scored>();

// Once a process: the renderers' code stays compiled for every later session.
let renderedAhead = false;

// Columns no comparison table fits in.
const NARROW_TERMINAL = 40;

/** The strategies of `plan` scored so far (recordSession adds each as it is scored). */
export function scoredOf(plan: SessionPlan): Scored {
  let scored = scoredSoFar.get(plan);
  if (!scored) {
    let settle!: () => void;
    const jobs: JobRecord[] = [];
    const enough = new Promise<void>((resolve) => (settle = resolve));
    const wanted = Math.max(1, Math.min(2, plan.strategies.length - 1));
    let strategies = 0;
    scored = {
      jobs,
      enough,
      add(records) {
        jobs.push(...records);
        if (++strategies >= wanted) settle();
      },
    };
    scoredSoFar.set(plan, scored);
  }
  return scored;
}

/**
 * Once enough strategies of `plan` are scored and while calls are still in flight, renders every report of the
 * strategies scored so far in a window between answers, and lets the text go: cold, the reports of the large-session
 * fixture took 30–34 ms to render after the last answer, warm 16–18 (chrt -f 10, three runs). Once a process; not
 * when `ended` (every strategy's work) settles first. Only warming: a failure here is left for the real reports.
 */
export async function renderReportsAhead(
  plan: SessionPlan,
  environment: RunEnvironment,
  windows: AnswerWindow,
  session: () => Promise<SessionRecord>,
  ended: Promise<unknown>,
): Promise<void> {
  if (renderedAhead) return;
  const scored = scoredOf(plan);
  let over = false;
  await Promise.race([scored.enough, ended.then(() => (over = true)).catch(() => (over = true))]);
  if (over || scored.jobs.length === 0) return;
  await windows.wait();
  if (environment.limit.activeCount === 0 || renderedAhead) return;
  renderedAhead = true;
  const started = performance.now();
  try {
    const order = plan.strategies.map(({ strategy }) => strategy.name);
    const results = aggregateSession(await session(), scored.jobs, order, undefined, plan.stem);
    const { store } = environment;
    const calls = storedCalls([results], {
      has: (hash) => store.has('calls', hash),
      read: (hash) => store.read('calls', hash),
      link: (hash) => hash,
    });
    const { renderResultsTerminal, renderSessionReports } = await loadRenderers();
    await renderSessionReports(
      results,
      { messages: plan.reference.session.messages, probes: plan.reference.probes, calls },
      { page: environment.sessionPages },
    );
    // The table a compare prints once its reports are written, too, also fitted to a narrow terminal: stdout's
    // width is the command's to know, and the fitting's code (headers wrapped, columns picked) ran cold after the
    // last answer (3-5 ms of a compare's 10-12 after its commit).
    renderResultsTerminal([results]);
    renderResultsTerminal([results], { width: NARROW_TERMINAL });
  } catch {
    // Warming only: whatever a partial set of strategies cannot render, the reports of all of them will say.
  }
  windows.held(performance.now() - started);
}

/**
 * What reads a scored strategy's summary facets for the page's probe matrix of `plan`: as each strategy is scored,
 * while its index and the text caches are warm (with a model, in a window between answers, as scoring is), not
 * with the page after the last answer, where the run's last session has let the caches go (run-session.ts).
 */
export function facetsAhead(
  plan: SessionPlan,
  environment: RunEnvironment,
): (result: StrategyResult) => Promise<void> {
  return async (result) => {
    // Only the session's page reads them: a suite's compare leaves that page to `report`.
    if (!environment.sessionPages) return;
    if (result.status !== 'ok' || !result.summary || result.quality.probesTotal === 0) return;
    await environment.scoringGate?.();
    const { readSummaryFacets } = await loadSummaryFacets();
    if (environment.signal.aborted) return;
    try {
      readSummaryFacets(result.summary, plan.reference.probes);
    } catch {
      // Read ahead only: whatever fails here fails again in the page, which reports it as before.
    }
  };
}
