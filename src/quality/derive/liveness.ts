/**
 * Live facts and history (docs/derived-probes.md#live-facts-and-history): whether each probe still matters where
 * the session is cut. A successor needs what the session goes on to use (after the cut the agent reads or edits
 * that file again, reruns that check, hits that error again, the user states the fact again) and what its kind
 * keeps standing (a constraint, a decision, what a file now holds, the open task, an unresolved error, the latest
 * state of a check, the next step). A fixed error, a finished earlier task, a superseded check run and a number
 * given in passing are history.
 */
import { fileName } from '../../session/normalise-path.ts';
import { commandFamily } from '../../session/shell-commands.ts';
import type { FileOperation, Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { escapeRegExp } from '../../text/regexp.ts';
import { renderMessage } from '../../session/transcript.ts';
import { normalizeForMatch } from '../match.ts';
import type { Probe } from '../probes.ts';
import { COMMIT_CHECK, isCommit } from './commits.ts';
import { abandonedRequests } from './abandoned-requests.ts';
import { carriedOutPlanDocument } from './carried-out-plan-document.ts';
import { liftedBefore } from './lifted-rules.ts';
import { namesPath } from './commit-scope.ts';
import { changesLeftBehind, lastBranchSwitch } from './left-working-tree.ts';
import { requestMarks } from './requests.ts';
import { passed, type ToolRun, toolRuns } from './runs.ts';
import { type RecordedCompaction, settledBeforeCompaction } from './compacted-decisions.ts';
import { checkKey, checkName } from './verification.ts';

/** What liveness reads about a session: its messages and file operations, whole (the cut is a position in them). */
export type LivenessSession = {
  messages: readonly Message[];
  fileOperations?: readonly FileOperation[];
  /** The compactions the agent itself recorded, by the first message after each, with the summary each wrote. */
  compactions?: readonly RecordedCompaction[];
};

/** Why a probe was marked live or history: the evidence after the cut, or its kind at the cut. */
export type LivenessReason =
  | 'set-by-hand'
  | 'stated-after-cut'
  | 'file-used-after-cut'
  | 'check-rerun-after-cut'
  | 'standing'
  | 'open-task'
  | 'first-task'
  | 'earlier-task'
  | 'unresolved-error'
  | 'fixed-error'
  | 'latest-state'
  | 'superseded-state'
  | 'in-open-request'
  | 'reverted-task'
  | 'abandoned-task'
  | 'left-behind'
  | 'carried-out-plan'
  | 'lifted-rule'
  | 'aside'
  | 'compacted-decision';

/**
 * The probes placed before `cut`, each with `live` decided at the cut (see the module comment); a probe written by
 * hand with `live` keeps it. An error's `fixedLater` is read as said when it was found at this cut (derived from
 * the history before it, or the cut is the end); otherwise a check passing after the error decides.
 */
export function markLiveness<T extends Probe>(
  probes: readonly T[],
  session: LivenessSession,
  cut: number,
  options: { fixedAtCut?: boolean } = {},
): T[] {
  const before = probes.filter((probe) => (probe.messageIndex ?? 0) < cut);
  const context = contextOf(before, session, cut, toolRuns(session.messages));
  context.fixedAtCut = options.fixedAtCut ?? cut >= session.messages.length;
  return before.map((probe) => ({ ...probe, live: livenessOf(probe, context).live }));
}

/** Where the first and latest task stand among the probes before the cut, and the open request in the session. */
function contextOf(
  before: readonly Probe[],
  session: LivenessSession,
  cut: number,
  runs: readonly ToolRun[],
): Context {
  const at = (kinds: readonly string[]) =>
    before.filter((probe) => kinds.includes(probe.kind)).map((probe) => probe.messageIndex ?? 0);
  const tasks = at(['task']);
  // The open request: the user's last prompt before the cut.
  const prompts = session.messages
    .slice(0, cut)
    .flatMap((message, index) => (isPrompt(message) ? [index] : []));
  // A task the user's next request takes back ("actually, can you revert that?") no longer stands.
  const reverted = new Set(
    tasks.filter((task) => {
      const next = prompts.find((index) => index > task);
      return next !== undefined && REVERT.test(openingOf(session.messages[next]!));
    }),
  );
  const marks = tasks.length > 0 ? requestMarks(session.messages.slice(0, cut)) : {};
  const first = tasks.length > 0 ? Math.min(...tasks) : undefined;
  const latest = tasks.length > 0 ? Math.max(...tasks) : undefined;
  return {
    session,
    cut,
    runs,
    reverted,
    abandoned: abandonedRequests(session.messages, tasks, cut),
    // The overall task is the request the work started on or one before it: a later task is a step of the work.
    firstTask: first !== undefined && first <= (marks.firstWorked ?? first) ? first : undefined,
    // The open request is the user's last that asks for something: a task before it was the request of its time.
    latestTask: latest !== undefined && latest >= (marks.current ?? latest) ? latest : undefined,
    openRequest: prompts.at(-1),
    fixedAtCut: cut >= session.messages.length,
  };
}

// A request that takes the previous one back.
const REVERT = /\b(?:revert|undo|roll ?back)\b/i;

/** The first sentence of a prompt, where a request says what it is about. */
function openingOf(message: Message): string {
  const text = message.role === 'user' ? contentText(message.content) : '';
  return text.trim().split(/\n|(?<=[.!?])\s/)[0] ?? '';
}

type Context = {
  session: LivenessSession;
  cut: number;
  runs: readonly ToolRun[];
  /** Tasks (by message) the user's next request reverted. */
  reverted: ReadonlySet<number>;
  /** Tasks (by message) the user interrupted and then asked for another thing instead. */
  abandoned: ReadonlySet<number>;
  firstTask: number | undefined;
  latestTask: number | undefined;
  openRequest: number | undefined;
  /** Whether an error's `fixedLater` speaks of this cut. */
  fixedAtCut: boolean;
};

/** Whether one probe is live at the cut, and why. */
function livenessOf(probe: Probe, context: Context): { live: boolean; reason: LivenessReason } {
  const { cut, session, runs } = context;
  if (probe.source === 'sidecar' && probe.live !== undefined)
    return { live: probe.live, reason: 'set-by-hand' };
  if (probe.kind === 'task' && context.reverted.has(probe.messageIndex ?? 0))
    return { live: false, reason: 'reverted-task' };
  // A commit's subject shows again in every later `git log`: a listing, not a use, so only a later commit counts.
  if (
    probe.check !== COMMIT_CHECK &&
    (probe.repeatedAt ?? []).some(
      (index) =>
        index >= cut && recursAt(probe, session.messages, index) && happensAt(probe, session.messages, index),
    )
  )
    return { live: true, reason: 'stated-after-cut' };
  if (probe.kind === 'task' && context.abandoned.has(probe.messageIndex ?? 0))
    return { live: false, reason: 'abandoned-task' };
  // A check's outcome is the code it ran on: measured before the agent took the tree to another branch, it was that
  // branch's ("`go build` passes" on the pull request merged before `git checkout` of the next one), history once a
  // check ran on the branch the tree is on now (until then it is the latest news of the work: the branch just pushed);
  // and measured on some files only, it says nothing of them once they were changed again. Its rerun after the cut is
  // another measure, not this one.
  const operations = session.fileOperations ?? [];
  if (measuresCode(probe) && checkedOnAnotherBranch(probe, runs, operations, cut))
    return { live: false, reason: 'left-behind' };
  if (measuresCode(probe) && targetsChangedSince(probe, runs, operations, cut))
    return { live: false, reason: 'superseded-state' };
  if (
    probe.kind !== 'error' &&
    probe.file !== undefined &&
    (session.fileOperations ?? []).some(
      (operation) => operation.messageIndex >= cut && operation.path === probe.file,
    )
  )
    return { live: true, reason: 'file-used-after-cut' };
  if (
    probe.check !== undefined &&
    // A later commit relies on nothing an earlier one said; a rerun of a test or build checks the same thing, unless
    // a run before the cut already gave the state at the cut ("mix test" after "mix test test/a_test.exs").
    probe.check !== COMMIT_CHECK &&
    !supersededBefore(probe, runs, cut) &&
    runs.some((run) => run.messageIndex >= cut && runsCheck(run, probe.check!))
  )
    return { live: true, reason: 'check-rerun-after-cut' };
  // What a file held on a branch the agent has left, or before its changes were put back, is not in the tree now.
  if (
    probe.kind === 'artifact' &&
    probe.file !== undefined &&
    changesLeftBehind(probe.file, runs, session.fileOperations ?? [], cut)
  )
    return { live: false, reason: 'left-behind' };
  // A plan document the agent went on to carry out: its notes are the work since done (carried-out-plan-document.ts).
  if (
    probe.kind === 'artifact' &&
    probe.file !== undefined &&
    carriedOutPlanDocument(probe.file, session.fileOperations ?? [], cut)
  )
    return { live: false, reason: 'carried-out-plan' };
  const at = probe.messageIndex ?? 0;
  switch (probe.kind) {
    case 'task':
      if (at === context.latestTask) return { live: true, reason: 'open-task' };
      return at === context.firstTask
        ? { live: true, reason: 'first-task' }
        : { live: false, reason: 'earlier-task' };
    case 'error':
      return fixedBefore(probe, runs, cut, context.fixedAtCut)
        ? { live: false, reason: 'fixed-error' }
        : { live: true, reason: 'unresolved-error' };
    case 'state':
    case 'verification':
      return supersededBefore(probe, runs, cut)
        ? { live: false, reason: 'superseded-state' }
        : { live: true, reason: 'latest-state' };
    case 'constraint':
      // A prohibition the user's own later request set aside ("adjust the light theme" after "don't modify the theme").
      return liftedBefore(probe, session.messages, cut)
        ? { live: false, reason: 'lifted-rule' }
        : { live: true, reason: 'standing' };
    case 'number':
      return at === context.openRequest
        ? { live: true, reason: 'in-open-request' }
        : { live: false, reason: 'aside' };
    case 'decision':
      return settledBeforeCompaction(probe, context.session.compactions ?? [], context.cut)
        ? { live: false, reason: 'compacted-decision' }
        : { live: true, reason: 'standing' };
    default:
      // Constraints, decisions, what a file holds, the next step, and a kind this code does not know: standing.
      return { live: true, reason: 'standing' };
  }
}

/**
 * Whether an error's restatement is the error happening again: a failing tool's output or the user's prompt shows it
 * (at the restatement or the message before, which it may span). The agent's own words and a tool echoing them (an
 * issue the agent files about the error) discuss it; the fault fixed before the cut is not back.
 */
function happensAt(probe: Probe, messages: readonly Message[], index: number): boolean {
  if (probe.kind !== 'error') return true;
  return [index - 1, index].some((at) => {
    const message = messages[at];
    return message !== undefined && (isPrompt(message) || (message.role === 'toolResult' && message.isError));
  });
}

/**
 * Whether a restatement is the fact again: for an error whose line names a file, a line of that message (or of the
 * one before, which a restatement may span) names the same file and states the error's words; "Cannot find name
 * 'join'" in another file is another error, which knowing the first one's fix does not settle.
 */
function recursAt(probe: Probe, messages: readonly Message[], index: number): boolean {
  if (probe.kind !== 'error' || probe.file === undefined) return true;
  // The file's own name, not a longer one that ends with it (`a.ts` is not `data.ts`).
  const file = new RegExp(`(?<![\\w.-])${escapeRegExp(fileName(probe.file))}(?![\\w])`);
  const phrases = probe.facets.flat().filter((spelling) => /\s/.test(spelling.trim()));
  return [index - 1, index].some((at) => {
    const message = messages[at];
    if (message === undefined) return false;
    return renderMessage(message, { toolResultChars: Number.POSITIVE_INFINITY })
      .split('\n')
      .some((line) => {
        if (!file.test(line)) return false;
        const said = normalizeForMatch(line);
        return phrases.some((phrase) => said.includes(normalizeForMatch(phrase)));
      });
  });
}

/**
 * Whether an error was fixed before the cut: the probe says so (found at this cut), or a check (tests, build,
 * lint) passed after the error's last appearance before the cut.
 */
function fixedBefore(probe: Probe, runs: readonly ToolRun[], cut: number, fixedAtCut: boolean): boolean {
  if (probe.fixedLater !== undefined && fixedAtCut) return probe.fixedLater;
  const last = Math.max(probe.messageIndex ?? 0, ...(probe.repeatedAt ?? []).filter((index) => index < cut));
  return runs.some(
    (run) =>
      run.messageIndex > last &&
      run.messageIndex < cut &&
      passed(run) &&
      run.command !== undefined &&
      commandFamily(run.command) !== undefined,
  );
}

/** Whether a probe reports a check's outcome on the code (a test, build or lint run; a commit is no measure of it). */
function measuresCode(probe: Probe): boolean {
  return (
    (probe.kind === 'state' || probe.kind === 'verification') &&
    probe.check !== undefined &&
    probe.check !== COMMIT_CHECK
  );
}

/**
 * Whether a check's outcome was measured before the agent's last switch of branch before the cut, and a check (a test,
 * build or lint run) ran after that switch.
 */
function checkedOnAnotherBranch(
  probe: Probe,
  runs: readonly ToolRun[],
  operations: readonly FileOperation[],
  cut: number,
): boolean {
  const switched = lastBranchSwitch(probe.messageIndex ?? 0, cut, runs, operations);
  return (
    switched !== undefined &&
    runs.some(
      (run) =>
        run.messageIndex > switched &&
        run.messageIndex < cut &&
        run.command !== undefined &&
        commandFamily(run.command) !== undefined,
    )
  );
}

// A word of a command that names a source file (`lib/a.ex`, `src/b.ts:12`), quotes aside.
const FILE_ARGUMENT = /^['"]?([^\s'"]+\.\w{1,5})(?::\d+)?['"]?$/;

/**
 * Whether a state probe's check ran on some files only ("mix credo lib/a.ex lib/b.ex") and the agent wrote or edited
 * one of those files after it and before the cut: the pass was of the files as they were.
 */
function targetsChangedSince(
  probe: Probe,
  runs: readonly ToolRun[],
  operations: readonly FileOperation[],
  cut: number,
): boolean {
  const at = probe.messageIndex ?? 0;
  const command = runs.find((run) => run.messageIndex === at)?.command;
  if (command === undefined || !TARGETED.test(command)) return false;
  const files = command.split(/\s+/).flatMap((word) => FILE_ARGUMENT.exec(word)?.[1] ?? []);
  return operations.some(
    (operation) =>
      operation.kind !== 'read' &&
      operation.messageIndex > at &&
      operation.messageIndex < cut &&
      files.some((file) => namesPath(file, operation.path)),
  );
}

/** Whether the check a state probe reports ran again before the cut (its outcome then is the state, not this one). */
function supersededBefore(probe: Probe, runs: readonly ToolRun[], cut: number): boolean {
  if (probe.check === undefined) return false;
  const at = probe.messageIndex ?? 0;
  // A run of some tests or files only ("go test ./x -run TestY", "mix credo lib/a.ex") is the state until a later
  // whole run of a check of its kind, whatever its tool ("mise run test"): that run is what passes now.
  const own = runs.find((run) => run.messageIndex === at)?.command;
  const family = own !== undefined && TARGETED.test(own) ? commandFamily(own) : undefined;
  return runs.some(
    (run) =>
      run.messageIndex > at &&
      run.messageIndex < cut &&
      (runsCheck(run, probe.check!, { anyTarget: true }) ||
        (family !== undefined &&
          run.command !== undefined &&
          commandFamily(run.command) === family &&
          !TARGETED.test(run.command))),
  );
}

// A check run on some tests or files only: a test's name pattern, or a source file named.
const TARGETED =
  /\s-(?:run|k|t)\s|\s--(?:grep|testNamePattern|filter)[=\s]|\s(?:\S+\/)?[\w.-]+\.(?:go|ts|tsx|js|mjs|py|rb|ex|exs|rs)\b/;

/**
 * Whether a run is a run of a check (a commit for the commit state); with `anyTarget`, a run of the same check on
 * other files counts too ("mix test" after "mix test test/a_test.exs": the later run is what passes now).
 */
function runsCheck(run: ToolRun, check: string, options: { anyTarget?: boolean } = {}): boolean {
  // A commit the hook or git refused committed nothing: the edits are as uncommitted after it as before.
  if (check === COMMIT_CHECK) return isCommit(run) && !run.failed;
  if (run.command === undefined) return false;
  const name = checkName(run.command);
  // A check is named by its key (its program and the words that are neither flags nor files); older probes by name.
  if (checkKey(run.command) === check || name === check) return true;
  return options.anyTarget === true && checkName(check) === check && checkTool(name) === checkTool(check);
}

/** A check's tool without the files it was given (`mix test test/a_test.exs` → `mix test`). */
function checkTool(check: string): string {
  return check
    .split(' ')
    .filter((word) => !/[/\\]|\.\w{1,5}(?::\d+)?$/.test(word))
    .join(' ');
}

/** Why each probe placed before `cut` is live or history (for `inspect` and tests), by id. */
export function livenessReasons(
  probes: readonly Probe[],
  session: LivenessSession,
  cut: number,
): Record<string, LivenessReason> {
  const runs = toolRuns(session.messages);
  const before = probes.filter((probe) => (probe.messageIndex ?? 0) < cut);
  const context = contextOf(before, session, cut, runs);
  return Object.fromEntries(before.map((probe) => [probe.id, livenessOf(probe, context).reason]));
}
