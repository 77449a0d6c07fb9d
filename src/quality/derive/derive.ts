/**
 * Derived probes (docs/derived-probes.md): facts taken from any transcript by code, deterministically: the user's
 * tasks, constraints, last open request and numbers; the next step by the agent's own plan; the errors hit; what
 * the agent's edits introduced in each file, the approaches it chose, and the state of its checks and commits. Each
 * is checked with the rules of `probes lint` (a probe that breaks one is dropped, not kept) and marked live or
 * history at the cut.
 */
import type { FileOperation, Message, Session } from '../../session/types.ts';
import { createMatcher, type TextIndex } from '../match.ts';
import { readStatements, type StatementReading } from '../meaning.ts';
import { isQuotable } from '../quoted-runs.ts';
import { PROBE_STATEMENT_THRESHOLDS, probeOutcome } from '../probe-recall.ts';
import { indexStatements, statementLabel, type StatementIndex } from '../statement-match.ts';
import type { Probe } from '../probes.ts';
import { namesArtifactInProse } from '../artifact-described.ts';
import { mentionsTopic } from '../rule-topic.ts';
import { mentionsSubject } from '../subject-mention.ts';
import { agreementProbes } from './agreements.ts';
import { artifactProbes, laterDescriptionsOf } from './artifacts.ts';
import { type DroppedProbe, dropLintErrors, nameProbes, withRepeats } from './clean.ts';
import { answeredQuestionProbes, optionChoiceProbes } from './choices.ts';
import { commitReasonProbes } from './commit-reasons.ts';
import { commandChangeProbes } from './command-changes.ts';
import { commitsOf } from './commits.ts';
import { rulesCarriedOut } from './rules-carried-out.ts';
import type { DraftProbe } from './draft.ts';
import { errorProbes } from './errors.ts';
import { withCleanFacets } from './facet-words.ts';
import { withRuleAlternative } from './rule-alternatives.ts';
import { findingProbes, proposedFixProbes } from './findings.ts';
import { forceAddedProbes } from './force-added-paths.ts';
import { clipWords } from './phrases.ts';
import { SENTENCE_REACH } from '../stance.ts';
import { readFindingProbes } from './read-findings.ts';
import { subagentChangeProbes } from './subagent-changes.ts';
import { questionedChoiceProbes } from './questioned-choices.ts';
import { instructionProbes } from './instructions.ts';
import { learntOrderProbes } from './learnt-order.ts';
import { leftAloneProbes } from './left-alone.ts';
import { loginProbes } from './logins.ts';
import { markLiveness } from './liveness.ts';
import { mergedPullRequestProbes } from './merged-pull-requests.ts';
import { modeProbes } from './mode.ts';
import { planProbes } from './plans.ts';
import { releaseProbes } from './release-state.ts';
import { reviewReplyProbes } from './review-replies.ts';
import { revertedForeignChangeProbes } from './reverted-foreign-changes.ts';
import { routineProbe } from './routine.ts';
import { currentRequestProbe, numberProbes, taskProbes, userRequests } from './requests.ts';
import { shownRequestProbes } from './shown-requests.ts';
import { joinedNameTest } from './joined-names.ts';
import { withRestatements } from './restated-requests.ts';
import { toolRuns } from './runs.ts';
import { requestOpenings, toolErrorLines } from '../../session/grep-lines.ts';
import { sessionSalience } from './salience.ts';
import { settingProbes } from './settings.ts';
import { specListProbes } from './spec-lists.ts';
import { statedNextProbes } from './stated-next.ts';
import { offeredNextProbes } from './offered-next.ts';
import { numberedStepProbes } from './numbered-steps.ts';
import { pendingRunProbes } from './pending-run.ts';
import { learntFlagProbes } from './learnt-flag.ts';
import { taskListProgressProbe } from './task-list-progress.ts';
import { withoutTestsOfChanges } from './test-files.ts';
import { DEFAULT_MAX_PROBES, selectProbes } from './select.ts';
import { verificationProbes } from './verification.ts';
import { declinedOfferProbes, rejectedCallProbes } from './vetoes.ts';
import { createdBranchProbes } from './agent-created-branch.ts';
import { grantedToolProbes } from './granted-tools.ts';
import { handedBackFileProbes } from './handed-back-files.ts';
import { sudoWithoutTerminalProbes } from './sudo-without-terminal.ts';
import { workProbes } from './work-probes.ts';
import { readOnlyProbe } from './absences.ts';
import { askedTestProbes } from './asked-tests.ts';
import { madeChangeProbe } from './made-changes.ts';
import { claimedTicketSpecProbes } from './claimed-ticket-spec.ts';
import { withoutCopiedPrompts } from './copied-prompts.ts';
import { userWordsOf } from './quoted-agent-code.ts';
import { deliverableProbes } from './request-deliverables.ts';
import { workState } from './work-state.ts';

/** What derivation gives: the probes kept, and those dropped with the lint rule they broke. */
export type Derivation = { probes: Probe[]; dropped: DroppedProbe[]; candidates: number };

/** What derivation reads of a session (file operations for artifact probes; without them there are none). */
export type DerivableSession = Pick<Session, 'messages'> & Partial<Pick<Session, 'fileOperations' | 'cwd'>>;

/** Where to derive: at most `max` probes, from the history before message `cut` (the end of the session by default). */
export type DeriveOptions = { max?: number; cut?: number };

/** Every candidate a transcript yields, in session order, before checking and selection. */
export function draftProbes(
  session: DerivableSession,
  tricks: CheapTricks = cheapTricksOf(session.messages, session.fileOperations),
): DraftProbe[] {
  const runs = toolRuns(session.messages);
  const requests = userRequests(session.messages);
  const salience = sessionSalience(session.messages);
  const plan = withoutRequestedSteps(planProbes(session), tricks);
  const work = workState(runs, session.fileOperations ?? []);
  const commits = commitsOf(runs);
  const subjects = commits.map((commit) => commit.subject);
  const tasks = taskProbes(requests, salience, plan[0]?.messageIndex, subjects);
  const current = currentRequestProbe(requests, new Set(tasks.map((task) => task.messageIndex)));
  const carried = rulesCarriedOut(session.messages, requests);
  const artifacts = withoutCopiedPrompts(
    withoutTestsOfChanges(artifactProbes(session.messages, session.fileOperations ?? [], commits, salience)),
    session.messages,
    session.fileOperations ?? [],
  );
  const prepared = (draft: DraftProbe): DraftProbe[] => {
    // An absence's facets are a summary's spellings of it, not the transcript's words to mend (absences.ts).
    const clean = draft.absence ? draft : withCleanFacets(draft, salience);
    return clean ? [oneSentence(withRuleAlternative(clean))] : [];
  };
  // Each edited file's other descriptions, prepared as its first was, read only where the user's words state it.
  const later = new Map(
    artifacts.map((draft) => [draft.file!, () => laterDescriptionsOf(draft).flatMap(prepared)]),
  );
  const drafts = [
    ...tasks,
    ...shownRequestProbes(session.messages),
    ...deliverableProbes(requests, tasks),
    ...(current && !prepared(current).some(toldByJoinedName(joinedNameTest(session.messages)))
      ? [current]
      : []),
    ...plan,
    ...withoutRequestedSteps(statedNextProbes(session.messages), tricks),
    ...offeredNextProbes(session.messages),
    ...withoutRequestedSteps(numberedStepProbes(session.messages), tricks),
    ...carried.rules,
    ...modeProbes(session.messages),
    ...instructionProbes(session.messages),
    ...specListProbes(session.messages),
    ...rejectedCallProbes(session.messages),
    ...declinedOfferProbes(session.messages),
    ...answeredQuestionProbes(session.messages),
    ...numberProbes(requests),
    ...[routineProbe(runs)].flatMap((probe) => probe ?? []),
    ...errorProbes(session.messages, runs),
    ...learntOrderProbes(runs),
    ...learntFlagProbes(runs),
    ...verificationProbes(runs),
    ...workProbes(work, session.messages, session.messages.length),
    ...[readOnlyProbe(session.messages, session.fileOperations ?? [])].flatMap((probe) => probe ?? []),
    ...askedTestProbes(session.messages),
    ...pendingRunProbes(session.messages),
    ...claimedTicketSpecProbes(
      work,
      session.messages,
      session.messages.length,
      new Set(requests.flatMap((request) => (request.ticket ? [request.ticket.id] : []))),
    ),
    ...[taskListProgressProbe(session.messages)].flatMap((probe) => probe ?? []),
    ...releaseProbes(runs),
    ...mergedPullRequestProbes(runs),
    ...reviewReplyProbes(runs),
    ...forceAddedProbes(runs),
    ...commitReasonProbes(runs),
    ...revertedForeignChangeProbes(runs, session.fileOperations ?? []),
    ...settingProbes(runs),
    ...loginProbes(runs),
    ...createdBranchProbes(work, runs),
    ...sudoWithoutTerminalProbes(runs),
    ...handedBackFileProbes(runs),
    ...grantedToolProbes(session.messages),
    ...findingProbes(session.messages, session.fileOperations ?? []),
    ...proposedFixProbes(session.messages, session.fileOperations ?? []),
    ...carried.decisions,
    ...leftAloneProbes(session.messages),
    ...optionChoiceProbes(session.messages),
    ...questionedChoiceProbes(session.messages),
    ...agreementProbes(session.messages),
    ...artifacts,
    ...subagentChangeProbes(session.messages, session.fileOperations ?? []),
    ...commandChangeProbes(session.messages, runs),
    ...readFindingProbes(session.messages, session.fileOperations ?? [], salience),
  ];
  return withRestatements(
    withoutRequestedResults(
      drafts.flatMap(prepared),
      tricks,
      (draft) =>
        draft.kind === 'artifact' && draft.file !== undefined ? (later.get(draft.file)?.() ?? []) : [],
      session.messages,
    ),
    session.messages,
    session.fileOperations ?? [],
    tricks,
  )
    .map((draft, order) => ({ draft, order }))
    .sort((a, b) => a.draft.messageIndex - b.draft.messageIndex || a.order - b.order)
    .map(({ draft }) => draft);
}

/**
 * A draft whose statement and answer are one sentence each: their inner sentence ends read as clause ends ("Why does
 * unsubscribe clear the listeners? They should stay" → "…listeners; they should stay"), so that a sentence's stance
 * ("… was not done", "It is false that …") covers the whole fact, as it does when a summary states it.
 */
function oneSentence(draft: DraftProbe): DraftProbe {
  const joined = (text: string) => text.replace(/[.!?]+(\s+)(?=\S)/g, ';$1');
  return {
    ...draft,
    answer: joined(draft.answer),
    ...(draft.statement === undefined
      ? {}
      : { statement: clipWords(joined(draft.statement), STATEMENT_REACH_CHARS) }),
  };
}

// The longest statement a sentence's stance reaches over whole: a facet's stance is read within SENTENCE_REACH
// characters of it, and "… was not done." must fit after the statement's first word (a choice with the user's
// reply quoted, of 388 characters, was matched where its denial stood).
const STATEMENT_REACH_CHARS = SENTENCE_REACH - ' was not done.'.length - 6;

// Kinds that say what the agent did: the user asking for it is not it done.
const RESULT_KINDS: ReadonlySet<string> = new Set(['artifact', 'state', 'decision']);
// Kinds grep must never keep by their statements, not even in part: the task's detail, what was decided, and a state
// (a check's 'passes' is kept by its tally or its command, not by a request that happens to say 'run' and 'passes').
const GREP_FREE_KINDS: ReadonlySet<string> = new Set(['task', 'next-step', 'decision', 'state']);

/**
 * The drafts, each result (an artifact, a state, a decision) checked against the user's own words, since a request is
 * not a result and the user's messages copied verbatim must not pass for the agent's work: a statement the user's
 * words state or oppose is left out (a commit "Add refactoring plan" after "create a full implementation plan"),
 * a statement they state in part, or a file they name in a sentence, earns no half, and a result they still keep by
 * its facets is dropped. The task's and a decision's statements have the same guard against the lines `grep` keeps
 * (request openings, error lines).
 */
function withoutRequestedResults(
  drafts: DraftProbe[],
  tricks: CheapTricks,
  laterOf: (draft: DraftProbe) => readonly DraftProbe[] = () => [],
  messages: readonly Message[] = [],
): DraftProbe[] {
  return guardCheapTricks(drafts, tricks).flatMap((guarded) => {
    const kept = requestedResult(guarded, tricks);
    if (kept !== undefined) return kept;
    // A file whose first definition the user dictated (a plan's "`WingmanPayload`: the data passed to the detached
    // review subprocess") is still told by what the agent wrote beyond the request: its next described definition
    // of code the user's words do not state (artifacts.ts).
    for (const other of laterOf(guarded)) {
      const found = requestedResult(guardCheapTricks([other], tricks)[0]!, tricks);
      if (found !== undefined) return found;
    }
    return madeChange(guarded, tricks, messages);
  });
}

/**
 * A file's change the user's words keep, as made (made-changes.ts): the request is not the change made, which the
 * user's messages copied verbatim do not say; none where they still keep it (a user who pasted the agent's report).
 */
function madeChange(draft: DraftProbe, tricks: CheapTricks, messages: readonly Message[]): DraftProbe[] {
  const made = madeChangeProbe(
    draft,
    messages,
    (user, request) => probeOutcome(user, asProbe(request), { subjects: false, change: false }) === 'matched',
  );
  return made && probeOutcome(tricks.user(), asProbe(made), { subjects: false }) === 'missed' ? [made] : [];
}

/**
 * One guarded draft checked against the user's own words: as kept (with its credits), or undefined where their words
 * keep it by its facets.
 */
function requestedResult(guarded: DraftProbe, tricks: CheapTricks): DraftProbe[] | undefined {
  // A rule whose topic the user's words name in a topic list ("I have views on testing") is named so by their
  // messages copied verbatim: that earns no half.
  if (!RESULT_KINDS.has(guarded.kind))
    return mentionsTopic(tricks.user(), asProbe(guarded))
      ? [{ ...guarded, subjectCredit: false }]
      : [guarded];
  const facets = tricks.user();
  const draft = withoutRequestedSpellings(guarded, facets);
  const probe = asProbe(draft);
  // The words the user dictated for a change ("warning if it's > 70%") are what the agent then wrote: the user's
  // messages state the request, not that it was done, so a probe is not left out for them (the reader gives the
  // user's messages half for such a fact).
  const outcome = probeOutcome(facets, probe, { subjects: false, change: false });
  if (outcome === 'matched') return undefined;
  // A file the user named in a sentence ("create a brand new interactive-mode.ts") is named in prose by the
  // user's messages copied verbatim: that earns no half.
  if (outcome === 'partial' || namesArtifactInProse(facets.meaning(), probe))
    return [{ ...draft, partialCredit: false }];
  // The thing the user's words mention ("add a new tokenizer module") is mentioned by their messages copied
  // verbatim: a mention of it earns no half, while a part of its statement still does.
  return mentionsSubject(facets.meaning(), probe, { evenBothWays: true }) || mentionsTopic(facets, probe)
    ? [{ ...draft, subjectCredit: false }]
    : [draft];
}

/**
 * A check's state without the spellings the user's own words state: it is the command the agent ran, also spelled as
 * a handoff states the outcome ("all tests pass"), and the user asking that all tests pass is not the check run.
 */
function withoutRequestedSpellings(draft: DraftProbe, user: TextIndex): DraftProbe {
  if (draft.check === undefined) return draft;
  const stated = (spelling: string) =>
    probeOutcome(user, asProbe({ ...draft, facets: [[spelling]], statement: undefined }), {
      subjects: false,
    }) !== 'missed';
  return {
    ...draft,
    facets: draft.facets.map(([command, ...others]) => [
      command!,
      ...others.filter((spelling) => !stated(spelling)),
    ]),
  };
}

/**
 * The plan's next step, unless the user's own words state it: then it is the user's request, not news of the agent's
 * plan, and the user's messages copied verbatim would keep it (a to-do list's "Delete Python source files" after
 * "Delete all the Python source files when you're done"). One they state in part earns no half.
 */
function withoutRequestedSteps(drafts: DraftProbe[], tricks: CheapTricks): DraftProbe[] {
  return drafts.flatMap((draft) => {
    const outcome = probeOutcome(tricks.user(), asProbe(draft), { subjects: false });
    if (outcome === 'contradicted') return [];
    return outcome === 'missed' ? [draft] : [{ ...draft, partialCredit: false }];
  });
}

/**
 * Whether a draft's one facet, as prepared, is a phrase a name of the session spells whole (joined-names.ts): a list of
 * names or paths keeps it. The current request so told is no probe ("can we fix this with new tool too?" by "new
 * tool", which `mcp.NewTool` holds; "Seems the MCP server is not correct" by "MCP server", which `go/cmd/mcp-server/`
 * holds): its other words ("fix this with new") tell no more of it.
 */
function toldByJoinedName(isJoinedName: (phrase: string) => boolean): (draft: DraftProbe) => boolean {
  return (draft) => draft.facets.length === 1 && draft.facets[0]!.every((spelling) => isJoinedName(spelling));
}

/** A draft as a probe, for reading it in a cheap trick's text before it is named. */
const asProbe = (draft: DraftProbe): Probe => ({
  ...draft,
  id: 'draft',
  contradictions: draft.contradictions ?? [],
  source: 'derived',
});

/** What the guard reads of a draft or a probe. */
type Stated = Pick<
  Probe,
  'kind' | 'statement' | 'partialCredit' | 'made' | 'requestSentences' | 'facets' | 'messageIndex'
>;

/**
 * What two cheap tricks keep of a history, each read once when first asked: the user's own messages, grep's lines
 * (as statements are read, and as facets are).
 */
export type CheapTricks = { user: () => TextIndex; grep: () => StatementIndex; grepLines: () => TextIndex };

/** The cheap tricks of two texts as given (the user's words, grep's lines), each indexed when first read. */
export function cheapTricks(user: string, grep: string): CheapTricks {
  let users: TextIndex | undefined;
  let greps: StatementIndex | undefined;
  let grepLines: TextIndex | undefined;
  return {
    user: () => (users ??= createMatcher(user)),
    grep: () => (greps ??= indexStatements(grep)),
    grepLines: () => (grepLines ??= createMatcher(grep)),
  };
}

/** What the cheap tricks keep of these messages (the user's words less the agent's code they quote back). */
export function cheapTricksOf(
  messages: readonly Message[],
  operations: readonly FileOperation[] = [],
): CheapTricks {
  return cheapTricks(
    userWordsOf(messages, operations).join('\n'),
    [...requestOpenings({ messages }), ...toolErrorLines({ messages })].join('\n'),
  );
}

/** The results checked against the user's own words, then the task's, next step's and decisions' against grep's. */
function guardCheapTricks<T extends Stated>(drafts: T[], tricks: CheapTricks): T[] {
  const user = () => tricks.user().meaning();
  // The session's earliest task, its overall goal, named by its opening's key phrase (requests.ts): a handoff says
  // that goal in words of its own. A later request ("ok, … ready to release a new version …; know how to do it?") is a
  // short ask in the session's common words, which the user's other messages say again.
  const earliest = Math.min(
    ...drafts.filter((draft) => draft.kind === 'task').map((draft) => draft.messageIndex ?? Infinity),
  );
  // Grep keeps that task by its facets anyway: its request's sentence, as another statement, gives grep nothing more.
  const restates = (draft: T) =>
    draft.messageIndex === earliest &&
    probeOutcome(tricks.grepLines(), factsOnly(draft), { subjects: false }) === 'matched';
  return guardStatements(guardStatements(drafts, RESULT_KINDS, user), GREP_FREE_KINDS, tricks.grep, restates);
}

/** A draft or a probe read by its facets alone. */
const factsOnly = (draft: Stated): Probe => ({
  kind: draft.kind,
  facets: draft.facets,
  question: '',
  answer: '',
  id: 'draft',
  contradictions: [],
  source: 'derived',
});

/**
 * The drafts of `kinds` checked against what a cheap trick keeps (`text`), each statement read alone and read as the
 * scorer reads it among the others (its rare words weigh more): a statement the text states or opposes either way
 * is left out, and one it states in part earns no half (`partialCredit: false`).
 */
function guardStatements<T extends Stated>(
  drafts: T[],
  kinds: ReadonlySet<string>,
  text: () => StatementIndex,
  restates: (draft: T) => boolean = () => false,
): T[] {
  const stated = drafts.filter((draft) => draft.statement !== undefined);
  let index: StatementIndex | undefined;
  let weighed: Map<T, StatementReading> | undefined;
  return drafts.map((draft) => {
    // A made change's statement is read only on a line that says it made (made.ts), which no request is.
    if (!kinds.has(draft.kind) || draft.statement === undefined || draft.made) return draft;
    index ??= text();
    weighed ??= new Map(
      readStatements(stated.map((item) => item.statement!)).map((reading, at) => [stated[at]!, reading]),
    );
    const labels = [draft.statement, weighed.get(draft)!].map((reading) =>
      statementLabel(index!, reading, PROBE_STATEMENT_THRESHOLDS),
    );
    if (labels.some((label) => label === 'kept' || label === 'contradicted')) {
      const { statement: stated, partialCredit: _half, ...rest } = draft;
      // The overall task's statement is its request's own sentence: a handoff that says the goal in fresh words states
      // it, where grep's lines quote it (quoted-runs.ts) and keep the task by its facets anyway, so it stays another
      // statement, read outside the lines that quote it (`restates`, above). Too short a sentence is left out.
      if (draft.kind !== 'task' || !isQuotable(stated) || !restates(draft)) return rest as T;
      return { ...rest, requestSentences: [...(draft.requestSentences ?? []), stated] } as T;
    }
    return labels.includes('partial') ? { ...draft, partialCredit: false } : draft;
  });
}

/** Converts drafts into named probes of one source. */
export function toProbes(drafts: readonly DraftProbe[], source: Probe['source']): Probe[] {
  return nameProbes(
    drafts.map((draft) => ({ ...draft, contradictions: draft.contradictions ?? [], source })),
  );
}

/**
 * The derived probes of a session at a cut (its end by default): taken from the history before the cut, checked
 * against `probes lint`, each marked live or history at the cut (evidence after it counts), at most `max`, no kind
 * more than a third, live facts first, positions spread.
 */
export function deriveProbes(session: DerivableSession, options: DeriveOptions | number = {}): Derivation {
  const { max = DEFAULT_MAX_PROBES, cut = session.messages.length } =
    typeof options === 'number' ? { max: options } : options;
  const end = Math.min(cut, session.messages.length);
  const head: DerivableSession = {
    messages: session.messages.slice(0, end),
    fileOperations: (session.fileOperations ?? []).filter((operation) => operation.messageIndex < end),
    ...(session.cwd !== undefined ? { cwd: session.cwd } : {}),
  };
  // Restatements anywhere in the session: those after the cut are evidence that the fact is live there.
  const tricks = cheapTricksOf(head.messages, head.fileOperations);
  const everywhere = withRepeats(toProbes(draftProbes(head, tricks), 'derived'), session.messages);
  const candidates = everywhere.map((probe) => withRepeatsBefore(probe, end));
  const { kept, dropped } = dropLintErrors(candidates, head.messages);
  const repeats = new Map(everywhere.map((probe) => [probe.id, probe.repeatedAt]));
  const marked = markLiveness(
    kept.map((probe) => ({ ...probe, repeatedAt: repeats.get(probe.id) })),
    session,
    end,
    { fixedAtCut: true },
  ).map((probe) => withRepeatsBefore(probe, end));
  return {
    probes: guardChosen(selectProbes(marked, max), tricks),
    dropped,
    candidates: candidates.length,
  };
}

// Rounds of the guard over the chosen set: each statement it takes away weighs the others anew.
const GUARD_ROUNDS = 4;

/**
 * The guard against cheap tricks again, over the set as chosen: the scorer weighs each statement among the chosen
 * set's, not among every draft's, so a statement a cheap trick states in part under that weighing earns no half
 * either, and one it states is left out (which weighs the rest anew, hence the rounds).
 */
export function guardChosen(probes: Probe[], tricks: CheapTricks): Probe[] {
  let guarded = probes;
  for (let round = 0; round < GUARD_ROUNDS; round++) {
    const next = guardCheapTricks(guarded, tricks);
    const stable = next.every((probe, at) => probe.statement === guarded[at]!.statement);
    guarded = next;
    if (stable) break;
  }
  return guarded;
}

/** A probe with only the restatements before the cut (what a compaction there could have kept). */
function withRepeatsBefore<T extends Probe>(probe: T, end: number): T {
  const { repeatedAt, ...rest } = probe;
  const before = (repeatedAt ?? []).filter((index) => index < end);
  return (before.length > 0 ? { ...rest, repeatedAt: before } : rest) as T;
}
