/**
 * The state of the work at the cut, read from the agent's shell runs in one pass: the commits it made (with their
 * hash, the ticket they name, and whether a push took them to a remote), the tickets it claimed and closed in its
 * tracker (`bd update <id> --status in_progress`, `bd close <id>`, `gh issue close <n>`), and the files it changed
 * after its last commit. What a careful reader reports as state: done and committed, pushed or not, in progress.
 */
import type { FileOperation } from '../../session/types.ts';
import { commitSubject } from './commits.ts';
import type { ToolRun } from './runs.ts';

/** A commit the agent made. */
export type CommitState = {
  messageIndex: number;
  subject: string;
  /** The short hash git printed (`[branch 12e2d10] subject`), when it did. */
  hash?: string;
  /** The ticket its subject names at its end ("(spotter-a0y.1)"). */
  ticket?: string;
  /** Where a later successful push sent it (`origin/spotter-a0y`), when one did. */
  pushedTo?: string;
};

/** A ticket of the agent's tracker, as its commands left it. */
export type TicketState = { id: string; claimedAt?: number; closedAt?: number };

/** The work at the cut. */
export type WorkState = {
  commits: CommitState[];
  tickets: TicketState[];
  /** Files the agent modified after its last commit (every file it modified when it never committed), with where it last did. */
  uncommitted: Array<{ path: string; messageIndex: number }>;
  /** Whether the agent committed at all before the cut. */
  committed: boolean;
  /** The branch the agent last created or switched to, with the command that did it. */
  branch?: { name: string; command: string; messageIndex: number };
  /** The agent's last push, with the command that made it and the branch it sent. */
  push?: { command: string; branch: string; messageIndex: number };
};

// `[spotter-4te 12e2d10] feat: …`, `[main (root-commit) 1a2b3c4] …`.
const COMMITTED = /^\[([^\]\s]+)(?: \([^)]*\))? ([0-9a-f]{7,40})\]/m;
// A ticket named at the end of a commit subject: "feat: add … (spotter-a0y.1)", "… [PROJ-42]".
const SUBJECT_TICKET = /[([]((?:[A-Za-z][\w-]*-[\w]+|#\d+)(?:\.\d+)*)[)\]]\s*$/;
// Claiming a ticket, closing one.
const CLAIM = /\bbd\s+(?:update\s+(\S+)\s+.*--status[= ]in_progress|start\s+(\S+))/;
const CLOSE = /\b(?:bd\s+close\s+([^\s-][^\s]*)|gh\s+issue\s+close\s+(\d+))/g;
// A push and where it went: git's "abc..def  branch -> branch" or "* [new branch] x -> x", with the remote's URL.
const PUSH = /\bgit\s+push\b/;
const PUSHED_BRANCH = /(?:\[new branch\]|[0-9a-f]{7,}\.\.[0-9a-f]{7,})\s+\S+\s+->\s+(\S+)/;
// Creating or switching to a branch (not checking out files): `git checkout -b x`, `git switch -c x`, `git switch x`.
const BRANCH = /\bgit\s+(?:checkout\s+-[bB]|switch\s+(?:-[cC]\s+)?)\s*([\w./-]+)/;

/** The ticket claimed last and not closed, if any. */
export function openTicket(tickets: Iterable<TicketState>): TicketState | undefined {
  let open: TicketState | undefined;
  for (const ticket of tickets)
    if (
      ticket.claimedAt !== undefined &&
      ticket.closedAt === undefined &&
      ticket.claimedAt > (open?.claimedAt ?? -1)
    )
      open = ticket;
  return open;
}

/** The ticket a commit subject names at its end, if any. */
export function subjectTicket(subject: string): string | undefined {
  return SUBJECT_TICKET.exec(subject)?.[1];
}

/** The state of the work after these runs (those before the cut) and file operations. */
export function workState(runs: readonly ToolRun[], operations: readonly FileOperation[]): WorkState {
  const commits: CommitState[] = [];
  const tickets = new Map<string, TicketState>();
  let branch: WorkState['branch'];
  let push: WorkState['push'];
  const ticket = (id: string) => {
    let state = tickets.get(id);
    if (!state) tickets.set(id, (state = { id }));
    return state;
  };
  for (const run of runs) {
    const command = commandOf(run);
    if (command === undefined || run.failed) continue;
    const subject = commitSubject(command);
    if (subject) {
      const hash = COMMITTED.exec(run.output)?.[2];
      // The ticket the subject names, else the one claimed and still open: the work the commit took in.
      const named = subjectTicket(subject) ?? openTicket(tickets.values())?.id;
      commits.push({
        messageIndex: run.messageIndex,
        subject,
        ...(hash ? { hash } : {}),
        ...(named ? { ticket: named } : {}),
      });
    }
    if (PUSH.test(command)) {
      const branch = PUSHED_BRANCH.exec(run.output)?.[1];
      const target = branch ? `origin/${branch}` : 'the remote';
      for (const commit of commits) commit.pushedTo ??= target;
      if (branch) push = { command: run.command!, branch, messageIndex: run.messageIndex };
    }
    const switched = BRANCH.exec(command)?.[1];
    if (switched && !switched.startsWith('-'))
      branch = { name: switched, command: run.command!, messageIndex: run.messageIndex };
    const claim = CLAIM.exec(command);
    const claimed = claim?.[1] ?? claim?.[2];
    if (claimed) ticket(claimed).claimedAt = run.messageIndex;
    for (const close of command.matchAll(CLOSE)) {
      const id = close[1] ?? `#${close[2]}`;
      ticket(id).closedAt = run.messageIndex;
      // A commit of no ticket, closed right after ("git commit …" then "bd close spotter-4te.1"), was that ticket's.
      const last = commits.at(-1);
      if (last && last.ticket === undefined) last.ticket = id;
    }
  }
  const lastCommit = commits.at(-1)?.messageIndex ?? -1;
  const changed = new Map<string, number>();
  for (const operation of operations)
    if (operation.kind !== 'read' && operation.messageIndex > lastCommit)
      changed.set(operation.path, operation.messageIndex);
  return {
    commits,
    tickets: [...tickets.values()],
    uncommitted: [...changed].map(([path, messageIndex]) => ({ path, messageIndex })),
    committed: commits.length > 0,
    ...(branch ? { branch } : {}),
    ...(push ? { push } : {}),
  };
}

/** A run's whole shell command (a commit's message may run over several lines); none for another tool. */
function commandOf(run: ToolRun): string | undefined {
  if (run.command === undefined) return undefined;
  const value = run.call.arguments['command'] ?? run.call.arguments['cmd'];
  const command = Array.isArray(value) ? String(value[value.length - 1] ?? '') : value;
  return typeof command === 'string' ? command : run.command;
}
