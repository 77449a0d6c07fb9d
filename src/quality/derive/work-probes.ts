/**
 * State and next-step probes from the state of the work at the cut (work-state.ts), as a careful reader reports it:
 * each piece of work done and committed (its ticket, its commit's hash, closed in the tracker, pushed or not), the
 * ticket in progress with its edits not yet committed, or that nothing is committed yet; and, while a ticket is in
 * progress, finishing it as the next step.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { Message } from '../../session/types.ts';
import { messageText } from '../../session/grep-lines.ts';
import type { DraftProbe } from './draft.ts';
import { plainPhrase } from './artifacts.ts';
import { COMMIT_CHECK } from './commits.ts';
import { commitCalledAfter, eventOfResult, firstEvent, ranGit, restingEvent } from './absences.ts';
import { clipWords } from './phrases.ts';
import { ticketShown, titlePairs } from './tickets.ts';
import {
  openTicket,
  type CommitState,
  type OpenedItem,
  type TicketState,
  type UnfinishedMerge,
  type WorkState,
} from './work-state.ts';

// The marks a terse note puts before a commit's hash to say the work was done there ("fum.1 ✔ 3bb8701").
const DONE_MARKS = ['✔', '✓', '✅'];

/**
 * A commit's hash with a done mark before it, as a terse note writes a piece of work committed; and, where a push took
 * it to a remote, said pushed ("Fixed+pushed (d1f37d0)", "d1b15fb … all pushed"): only a commit is pushed.
 */
function doneAt(hash: string, pushed: boolean): string[] {
  return [...DONE_MARKS.map((mark) => `${mark} ${hash}`), ...(pushed ? [`pushed ${hash}`] : [])];
}

/**
 * One state probe per commit, as a reader reports it: the ticket it took in, its hash, whether the ticket was closed and
 * whether a push took it to a remote ("spotter-a0y.1 committed (dbe5100) and closed, pushed to origin/spotter-a0y"), or
 * with no ticket its subject ("committed 1a2b3c4: Add the retry budget").
 */
function commitProbe(
  commit: CommitState,
  tickets: ReadonlyMap<string, TicketState>,
  opened: readonly OpenedItem[],
): DraftProbe | undefined {
  const words = commit.subject.replace(/^\s*\w+(?:\([^)]*\))?!?:\s*/, '');
  const phrase = plainPhrase(words);
  if (!phrase) return undefined;
  const anchor = commit.hash ?? commit.ticket;
  const closed = commit.ticket !== undefined && tickets.get(commit.ticket)?.closedAt !== undefined;
  const pushed = commit.pushedTo ? `, pushed to ${commit.pushedTo}` : '';
  const hash = commit.hash ? ` (${commit.hash})` : '';
  const statement = commit.ticket
    ? `${commit.ticket} committed${hash}${closed ? ' and closed' : ''}${pushed}`
    : `committed${hash}: ${clipWords(words.replace(/\s*[([][^)\]]*[)\]]\s*$/, ''), 120)}${pushed}`;
  return {
    kind: 'state',
    messageIndex: commit.messageIndex,
    // A commit of no ticket is the state of the work until the next commit; one that finished a ticket stays a fact.
    ...(commit.ticket === undefined ? { check: COMMIT_CHECK } : {}),
    question: `What did the agent commit in "${clipWords(commit.subject, 60)}", and where is it now?`,
    answer: commit.ticket
      ? `${statement}: "${clipWords(commit.subject, 200)}"`
      : `Committed${commit.hash ? ` ${commit.hash}` : ''}: "${clipWords(commit.subject, 200)}"${pushed}`,
    // A handoff names a commit by its hash ("Done: 4te.1 (commit 12e2d10)", a terse "4te.1 ✔ 12e2d10"), not always by
    // its subject; a bare hash, as an identifier bag lists it, is not the commit stated.
    facets: anchor
      ? [
          [anchor],
          commit.hash
            ? [phrase, `commit ${commit.hash}`, ...doneAt(commit.hash, commit.pushedTo !== undefined)]
            : [phrase],
        ]
      : [[phrase]],
    statement,
    ...(commit.hash ? { opposite: pushOpposite(commit, commit.hash, opened) } : {}),
  };
}

// How a handoff says a commit is not on the remote.
const NOT_PUSHED = [
  'not pushed',
  'not yet pushed',
  'not been pushed',
  'pushed yet',
  'unpushed',
  'committed locally',
  'only locally',
  'local only',
  'locally only',
  'no upstream',
];

/**
 * A commit's push said the other way of its hash: one a push took to the remote said to be only local ("d1b15fb is
 * committed locally but not pushed yet"), one no push took said pushed ("d13528a1 … Already pushed to origin"). A pull
 * request opened after the commit may have pushed it (`gh pr create` pushes the branch), so then neither is read.
 */
function pushOpposite(
  commit: CommitState,
  hash: string,
  opened: readonly OpenedItem[],
): DraftProbe['opposite'] {
  if (commit.pushedTo) return { subject: [hash], said: NOT_PUSHED, within: 'sentences', own: ['pushed'] };
  if (opened.some((item) => item.item === 'pull request' && item.messageIndex > commit.messageIndex))
    return undefined;
  return { subject: [hash], said: ['pushed'], within: 'sentences', own: NOT_PUSHED };
}

// How a handoff says a ticket's work is finished, and still under way.
const DONE_WORDS = ['finished', 'is done', 'are done', 'complete', 'completed', 'closed', 'committed'];
const IN_PROGRESS_WORDS = [
  'in progress',
  'in_progress',
  'claimed',
  'under way',
  'underway',
  'unfinished',
  'ongoing',
];

/**
 * The work in progress at the cut: the ticket claimed last and not closed, with the files changed since the last
 * commit (or that nothing of it is committed yet).
 */
function progressProbe(state: WorkState): DraftProbe | undefined {
  const open = openTicket(state.tickets);
  if (!open) return undefined;
  const edits = state.committed ? state.uncommitted : [];
  const at = Math.max(open.claimedAt!, ...edits.map((file) => file.messageIndex));
  const statement = `${open.id} is in progress`;
  return {
    kind: 'state',
    messageIndex: at,
    question: `What is the state of ${open.id}?`,
    answer: `${statement}.`,
    // The claim as the agent ran it (`bd update <id> --status in_progress`) ties the ticket to "in progress".
    facets: [[open.id], ['status in_progress']],
    statement,
    // Said finished, closed or committed, it is completion claimed where none was shown.
    opposite: { subject: [open.id], said: DONE_WORDS, within: 'sentences', own: IN_PROGRESS_WORDS },
  };
}

/**
 * The next step while a ticket is in progress: finishing it, as its title says what it is ("Next: finish
 * spotter-a0y.4, Show active session status in the dashboard, then commit and close it").
 */
function finishProbe(state: WorkState, messages: readonly Message[], end: number): DraftProbe | undefined {
  const open = openTicket(state.tickets);
  if (!open) return undefined;
  const ticket = ticketShown(messages, open.id, end);
  const title = ticket ? plainPhrase(ticket.title) : undefined;
  if (!ticket || !title) return undefined;
  const statement = `Next: finish ${open.id}, then commit it and close it`;
  return {
    kind: 'next-step',
    messageIndex: open.claimedAt!,
    question: `What is the next step for ${open.id}?`,
    answer: `Next: finish ${open.id} (${clipWords(ticket.title, 100)}), then commit it and close it.`,
    // A terse note names the child by its epic's tail ("dov.3 WIP" under "spotter-dov …") and its title by a few of
    // its words ("JSON debug sidecar" of "Implement debug JSON sidecar and expand controls"): two content words in a
    // row of the title, beside the id, as a task's title is read (tickets.ts `titlePairs`).
    facets: [[open.id, ...childShortForm(open.id)], [...new Set([title, ...titlePairs(ticket.title)])]],
    statement,
  };
}

// A child ticket's id: an epic's prefix, a hyphen, its tail, and the child's number ("spotter-dov.3").
const CHILD_ID = /^[A-Za-z][A-Za-z0-9]*-([A-Za-z0-9]+\.\d+)$/;

/**
 * A child ticket's id as a note under its epic writes it, without the prefix every ticket of the tracker shares
 * ("dov.3" of `spotter-dov.3`); none for another id. The epic's tail with the child's number still names one ticket.
 */
export function childShortForm(id: string): string[] {
  const tail = CHILD_ID.exec(id)?.[1];
  return tail ? [tail] : [];
}

/**
 * Where the work stands in git besides its commits: the branch the agent last created or switched to, and a push
 * that sent a branch of no commit of this session ("fix/team-optimization-v2 pushed to origin").
 */
function gitProbes(state: WorkState): DraftProbe[] {
  const probes: DraftProbe[] = [];
  if (state.branch)
    probes.push({
      kind: 'state',
      messageIndex: state.branch.messageIndex,
      question: 'Which git branch is the work on?',
      answer: `The agent ran \`${state.branch.command}\`: the work is on branch ${state.branch.name}.`,
      // The branch as a handoff names it ("on the refactor branch"), not the command that made it.
      facets: [[`branch ${state.branch.name}`, `${state.branch.name} branch`, state.branch.command]],
      statement: `The work is on branch ${state.branch.name}`,
    });
  const pushed = state.push;
  if (pushed && !state.commits.some((commit) => commit.pushedTo !== undefined))
    probes.push({
      kind: 'state',
      messageIndex: pushed.messageIndex,
      question: 'What did the agent push last?',
      answer: `The agent ran \`${pushed.command}\`: branch ${pushed.branch} is on the remote.`,
      facets: [[pushed.command]],
      statement: `Branch ${pushed.branch} is pushed to origin`,
    });
  return probes;
}

// How a summary says work is not in git yet; the facet a paraphrase keeps, since which files changed is the artifacts'.
const UNCOMMITTED = [
  'are uncommitted',
  'is uncommitted',
  'still uncommitted',
  'uncommitted changes',
  'uncommitted edits',
  'not committed',
  'not yet committed',
  'not been committed',
  'nothing committed',
  'nothing has been committed',
  'no commit',
  // What `git status` prints of them: where the transcript states the fact itself.
  'not staged for commit',
  'changes to be committed',
];
// The spellings at the end of UNCOMMITTED that are git's own.
const GIT_SAYS = 2;
// Files named in the statement, at most.
const NAMED_FILES = 3;

/**
 * The agent's edits not in git at the cut: those after its last commit, or every edit when it never committed
 * ("The edits since d1b15fb are not committed yet: wingman.go, wingman_review.go"). Its facet's spellings hold their
 * own negation ("not committed"), so a summary saying "… is not committed." states it and "It is false that …" opposes
 * it; "the changes were committed" says its opposite. A state of absence: the transcript need not spell it, and a
 * context of the session's messages keeps it by its events: from the last commit (else the session's first call) to
 * the last edit, with no commit between (absence.ts).
 */
function uncommittedProbe(state: WorkState, messages: readonly Message[]): DraftProbe | undefined {
  if (state.uncommitted.length === 0) return undefined;
  const lastEdit = Math.max(...state.uncommitted.map((file) => file.messageIndex));
  // An edit whose result is past the cut is no event a context holds: then only where the transcript says it (git
  // status, the agent's words), else the whole session could not keep the fact, and probes lint would drop it.
  // Read from the events only where the commit state is part of the work: the agent committed, ran git, or closed a
  // ticket of its tracker (a piece of work done, which a commit takes in). A session that never touches git has none.
  const tracked = state.committed || state.tickets.some((ticket) => ticket.closedAt !== undefined);
  const restsOn = tracked || ranGit(messages) ? restingEvent(messages, lastEdit) : undefined;
  const last = state.commits.at(-1);
  const sinceAt = last ? eventOfResult(messages, last.messageIndex) : -1;
  // A commit call git refused after it (a hook) is a commit in the events' reading: then the words decide, as before.
  const since = commitCalledAfter(messages, sinceAt)
    ? undefined
    : last
      ? restingEvent(messages, sinceAt)
      : firstEvent(messages);
  const said = new RegExp(`\\b(?:${UNCOMMITTED.join('|')})\\b`, 'i');
  if (
    (restsOn === undefined || since === undefined) &&
    !messages.some((message) => said.test(messageText(message)))
  )
    return undefined;
  const files = [...new Set(state.uncommitted.map((file) => fileName(file.path)))];
  const named = files.slice(0, NAMED_FILES).join(', ') + (files.length > NAMED_FILES ? ', …' : '');
  // The files are the answer's: the fact is that the work is not in git, whichever files hold it.
  const statement = last
    ? `The edits since the last commit${last.hash ? ` (${last.hash})` : ''} are not committed yet`
    : 'Nothing was committed in this session; the edits are not committed yet';
  return {
    kind: 'state',
    messageIndex: lastEdit,
    check: COMMIT_CHECK,
    question: "Which of the agent's edits are not committed yet?",
    answer: `${statement}: ${named} (${files.length} file${files.length === 1 ? '' : 's'}).`,
    // Read from the events, a summary's spellings only: git's own words are the transcript's, which grep keeps.
    facets: [restsOn === undefined || since === undefined ? UNCOMMITTED : UNCOMMITTED.slice(0, -GIT_SAYS)],
    statement,
    opposite: { subject: CHANGE_NOUNS, said: ['committed'], within: 'clause', own: UNCOMMITTED },
    ...(restsOn === undefined || since === undefined
      ? {}
      : { absence: { denies: 'commit' as const, since, restsOn } }),
  };
}

// What a summary calls the edits when it says them committed ("the changes were committed").
const CHANGE_NOUNS = ['changes', 'edits', 'fixes', 'the work'];

// How a summary says nothing is left to commit, and that the commits are on the remote.
const SETTLED = [
  'working tree clean',
  'working tree is clean',
  'tree is clean',
  'nothing to commit',
  'all committed',
];
// "Pushed" alone: git prints a push with no word of prose ("abc..def  x -> x"), and the agent says it in a word
// ("Fixed and pushed.").
const ALL_PUSHED = ['pushed', 'up to date with origin'];

/**
 * Everything committed and on the remote at the cut: the last commit pushed and no edit since, as a reader sums up a
 * branch ("all pushed to origin, working tree clean"). Only where the transcript says the tree clean (git status),
 * else the whole session could not keep the fact, and probes lint would drop it.
 */
function settledProbe(state: WorkState, messages: readonly Message[]): DraftProbe | undefined {
  const last = state.commits.at(-1);
  if (!last?.pushedTo || state.uncommitted.length > 0 || state.unfinishedMerge) return undefined;
  const said = new RegExp(`\\b(?:${SETTLED.join('|')})\\b`, 'i');
  if (!messages.some((message) => said.test(messageText(message)))) return undefined;
  // No branch in it: its words would weigh the other statements' terms anew (the user's messages rose 0.23 → 0.24).
  const statement = 'Everything is committed and pushed; the working tree is clean';
  return {
    kind: 'state',
    messageIndex: last.messageIndex,
    check: COMMIT_CHECK,
    question: 'Is any of the work left uncommitted or unpushed?',
    answer: `${statement}.`,
    facets: [SETTLED, ALL_PUSHED],
    statement,
  };
}

/**
 * An issue or a pull request the agent opened, as a reader reports it: its id, its title, and where it stands ("Opened
 * draft pull request #121: feat(explain): add AI-powered checkpoint summaries", "Created Linear issue ENT-241: Run git
 * gc at safe points"). The id and a phrase of the title are its facets.
 */
function openedProbe(opened: OpenedItem): DraftProbe | undefined {
  const title = opened.title.replace(/^\s*\w+(?:\([^)]*\))?!?:\s*/, '');
  const phrase = plainPhrase(title);
  if (!phrase) return undefined;
  const what = `${opened.tracker ? `${opened.tracker} ` : ''}${opened.draft ? 'draft ' : ''}${opened.item} ${opened.id}`;
  const statement = opened.merged
    ? `${capitalized(what)} was opened and merged: ${clipWords(opened.title, 120)}`
    : `${opened.item === 'issue' ? 'Created' : 'Opened'} ${what}: ${clipWords(opened.title, 120)}`;
  return {
    kind: 'state',
    messageIndex: opened.messageIndex,
    question: `What did the agent open as ${opened.item} ${opened.id}, and where does it stand?`,
    answer: `${statement}.`,
    facets: [idSpellings(opened.id), [phrase]],
    statement,
  };
}

/** How a summary may write an id: a GitHub number as `#121`, `PR 121` or the address's `pull/121`. */
function idSpellings(id: string): string[] {
  const number = /^#(\d+)$/.exec(id)?.[1];
  return number ? [id, `PR ${number}`, `pull/${number}`, `issue ${number}`, `issues/${number}`] : [id];
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// How a summary says a merge is not finished; the files that conflicted are the answer's.
const MID_MERGE = [
  'in progress',
  'merge conflict',
  'merge conflicts',
  'conflict in',
  'conflicts in',
  'conflicted in',
];

/**
 * A merge or rebase the agent left stopped on conflicts ("A merge of origin/main is in progress and not committed:
 * it conflicted in checkpoint.go"): the branch merged in, and that it is unfinished, are the facets.
 */
function mergeProbe(merge: UnfinishedMerge): DraftProbe {
  const files = merge.conflicts.map((file) => fileName(file));
  const named = files.slice(0, NAMED_FILES).join(', ') + (files.length > NAMED_FILES ? ', …' : '');
  const statement = `A ${merge.operation} of ${merge.target} is in progress: it stopped on a conflict in ${named}`;
  return {
    kind: 'state',
    messageIndex: merge.messageIndex,
    question: `Where does the ${merge.operation} of ${merge.target} stand?`,
    answer: `${statement}.`,
    facets: [[merge.target], MID_MERGE],
    statement,
  };
}

/** The state and next-step probes of the work at the cut. */
export function workProbes(state: WorkState, messages: readonly Message[], end: number): DraftProbe[] {
  const tickets = new Map(state.tickets.map((ticket) => [ticket.id, ticket]));
  return [
    ...state.commits.flatMap((commit) => commitProbe(commit, tickets, state.opened ?? []) ?? []),
    ...[progressProbe(state), finishProbe(state, messages, end)].flatMap((probe) => probe ?? []),
    ...gitProbes(state),
    ...[settledProbe(state, messages)].flatMap((probe) => probe ?? []),
    ...(state.opened ?? []).flatMap((opened) => openedProbe(opened) ?? []),
    // A merge stopped on conflicts is what is not committed: its probe says so.
    ...[
      state.unfinishedMerge ? mergeProbe(state.unfinishedMerge) : uncommittedProbe(state, messages),
    ].flatMap((probe) => probe ?? []),
  ];
}
