/**
 * The state of the work at the cut, read from the agent's shell runs in one pass: the commits it made (with their
 * hash, the ticket they name, and whether a push took them to a remote), the tickets it claimed and closed in its
 * tracker (`bd update <id> --status in_progress`, `bd close <id>`, `gh issue close <n>`), and the files it changed
 * after its last commit; the issues and pull requests it opened, and a merge it left stopped on conflicts. What a
 * careful reader reports as state: done and committed, pushed or not, in progress, opened, merged or mid-merge.
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
  /**
   * Files of the work tree the agent modified after its last commit (every file it modified when it never committed)
   * and after the last run that showed the tree clean, with where it last did.
   */
  uncommitted: Array<{ path: string; messageIndex: number }>;
  /** Whether the agent committed at all before the cut. */
  committed: boolean;
  /** The branch the agent last created or switched to, with the command that did it. */
  branch?: { name: string; command: string; messageIndex: number };
  /** The agent's last push, with the command that made it and the branch it sent. */
  push?: { command: string; branch: string; messageIndex: number };
  /** Issues and pull requests the agent opened in a tracker (`gh pr create`, a tool that creates an issue). */
  opened?: OpenedItem[];
  /** A merge or rebase that stopped on conflicts and was not concluded before the cut. */
  unfinishedMerge?: UnfinishedMerge;
};

/** An issue or a pull request the agent opened, with the title it gave and the id the tracker answered. */
export type OpenedItem = {
  item: 'issue' | 'pull request';
  /** `#121` on GitHub, the tracker's own id elsewhere (`ENT-241`). */
  id: string;
  title: string;
  /** The tracker, when it is not GitHub (named by the tool: `mcp__linear-server__create_issue` is Linear). */
  tracker?: string;
  draft: boolean;
  merged: boolean;
  messageIndex: number;
};

/** A merge or rebase stopped on conflicts: what was merged in, and the files that conflicted. */
export type UnfinishedMerge = {
  operation: 'merge' | 'rebase';
  target: string;
  conflicts: string[];
  messageIndex: number;
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

// Opening a pull request or an issue with the GitHub CLI, its title, and the address it answers with.
const GH_CREATE = /\bgh\s+(pr|issue)\s+create\b/;
const GH_TITLE = /\s(?:--title|-t)\s+(?:"([^"]+)"|'([^']+)')/;
const GH_URL = /\/(?:pull|issues)\/(\d+)\b/;
const GH_MERGE = /\bgh\s+pr\s+merge\s+#?(\d+)/;
// A tool that creates an issue in a tracker (`mcp__linear-server__create_issue`, `createIssue`), and its server's name.
const CREATE_ISSUE_TOOL = /create_?issue$/i;
const TOOL_SERVER = /^mcp__([a-z]+)/i;
// A merge or rebase stopped on conflicts, the files git names, and the commands that conclude it.
const MERGE_START = /\bgit\s+(merge|rebase)\s+(?:-\S+\s+)*([^\s-][^\s;&|]*)/;
const CONFLICT = /^CONFLICT \([^)]*\): (?:Merge conflict in|.*? in) (\S+)/gm;
const MERGE_END =
  /\bgit\s+(?:(?:merge|rebase|cherry-pick)\s+--(?:continue|abort|skip|quit)|commit\b|reset\s+--(?:hard|merge))/;

/** What a run opened in a tracker, if anything: a pull request or an issue with its id and title. */
function openedBy(run: ToolRun, command: string | undefined): OpenedItem | undefined {
  if (command !== undefined) {
    const kind = GH_CREATE.exec(command)?.[1];
    const title = GH_TITLE.exec(command);
    const number = GH_URL.exec(run.output)?.[1];
    if (!kind || !title || !number) return undefined;
    return {
      item: kind === 'pr' ? 'pull request' : 'issue',
      id: `#${number}`,
      title: (title[1] ?? title[2])!,
      draft: /\s--draft\b/.test(command),
      merged: false,
      messageIndex: run.messageIndex,
    };
  }
  if (!CREATE_ISSUE_TOOL.test(run.call.name)) return undefined;
  const title = run.call.arguments['title'];
  const id = /"identifier"\s*:\s*"([^"]+)"/.exec(run.output)?.[1] ?? GH_URL.exec(run.output)?.[1];
  if (typeof title !== 'string' || !title.trim() || !id) return undefined;
  const server = TOOL_SERVER.exec(run.call.name)?.[1];
  return {
    item: 'issue',
    id: /^\d+$/.test(id) ? `#${id}` : id,
    title: title.trim(),
    ...(server ? { tracker: server.charAt(0).toUpperCase() + server.slice(1) } : {}),
    draft: false,
    merged: false,
    messageIndex: run.messageIndex,
  };
}

/** A merge or rebase this run stopped on conflicts, if it did. */
function mergeStopped(run: ToolRun, command: string): UnfinishedMerge | undefined {
  const start = MERGE_START.exec(command);
  const conflicts = [...run.output.matchAll(CONFLICT)].map((match) => match[1]!);
  if (!start || conflicts.length === 0) return undefined;
  return {
    operation: start[1] as UnfinishedMerge['operation'],
    target: start[2]!,
    conflicts: [...new Set(conflicts)],
    messageIndex: run.messageIndex,
  };
}

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
  let unfinishedMerge: UnfinishedMerge | undefined;
  const opened: OpenedItem[] = [];
  const ticket = (id: string) => {
    let state = tickets.get(id);
    if (!state) tickets.set(id, (state = { id }));
    return state;
  };
  for (const run of runs) {
    const command = commandOf(run);
    const item = run.failed ? undefined : openedBy(run, command);
    if (item) opened.push(item);
    if (command === undefined) continue;
    // A merge stopped on conflicts fails; it stays open until a commit, a --continue or an --abort concludes it.
    const stopped = mergeStopped(run, command);
    if (stopped) unfinishedMerge = stopped;
    else if (unfinishedMerge && !run.failed && MERGE_END.test(command)) unfinishedMerge = undefined;
    if (run.failed) continue;
    const merged = GH_MERGE.exec(command)?.[1];
    for (const pull of opened)
      if (merged !== undefined && pull.item === 'pull request' && pull.id === `#${merged}`)
        pull.merged = true;
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
  // A run that printed a clean tree (`git status` after the user committed the edits themselves) leaves nothing of the
  // edits before it to commit; a file in the repository's own .git directory (a hook) is git's, never committed.
  const settled = Math.max(commits.at(-1)?.messageIndex ?? -1, lastCleanTree(runs));
  const changed = new Map<string, number>();
  for (const operation of operations)
    if (operation.kind !== 'read' && operation.messageIndex > settled && !inGitDirectory(operation.path))
      changed.set(operation.path, operation.messageIndex);
  return {
    commits,
    tickets: [...tickets.values()],
    uncommitted: [...changed].map(([path, messageIndex]) => ({ path, messageIndex })),
    committed: commits.length > 0,
    ...(branch ? { branch } : {}),
    ...(push ? { push } : {}),
    opened,
    ...(unfinishedMerge ? { unfinishedMerge } : {}),
  };
}

// What git prints of a work tree with nothing to commit (`git status`, a `git commit` with nothing staged).
const CLEAN_TREE = /^nothing to commit,? \(?working (?:tree|directory) clean\)?$/m;

// A command run in another directory (`cd ../other && …`, `git -C ../other …`): its tree may not be the work's.
const ELSEWHERE = /(?:^|[;&|]\s*)cd\s|\bgit\s+-C\s/;

/** The last run in the work's directory whose output shows a clean work tree; -1 when none did. */
function lastCleanTree(runs: readonly ToolRun[]): number {
  const clean = runs.filter((run) => CLEAN_TREE.test(run.output) && !ELSEWHERE.test(commandOf(run) ?? ''));
  return Math.max(-1, ...clean.map((run) => run.messageIndex));
}

/** Whether a path lies in a repository's .git directory (hooks, config): git's own files, not the work tree's. */
function inGitDirectory(path: string): boolean {
  return /(?:^|\/)\.git\//.test(path);
}

/** A run's whole shell command (a commit's message may run over several lines); none for another tool. */
function commandOf(run: ToolRun): string | undefined {
  if (run.command === undefined) return undefined;
  const value = run.call.arguments['command'] ?? run.call.arguments['cmd'];
  const command = Array.isArray(value) ? String(value[value.length - 1] ?? '') : value;
  return typeof command === 'string' ? command : run.command;
}
