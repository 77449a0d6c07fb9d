/**
 * Accounts the agent logged a tool into (`gh auth login` printing "✓ Logged in as mischa-thisness", `npm login`,
 * `gcloud auth login`), as the last login or logout before the cut left them: which tool acts as which account, and
 * the scopes a later refresh added (`gh auth refresh -s workflow`). What a careful reader reports of the environment,
 * since the successor pushes, publishes or deploys as that account.
 */
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

/** A tool logged into an account before the cut. */
export type Login = { tool: string; account: string; scopes: string[]; messageIndex: number };

// What a login prints: "✓ Logged in as mischa-thisness", "Logged in to github.com account octocat",
// "You are now logged in as [a@b.c]", "Logged in as alice on https://registry.npmjs.org/".
const LOGGED_IN =
  /\blogged in (?:as|to \S+ account)\s+\[?([\w.@+-]*[\w@])\]?|\bauthenticated as\s+\[?([\w.@+-]*[\w@])\]?/i;
// The tool a command logs in or out of: its program, after sudo.
const TOOL = /^\s*(?:sudo\s+)?([\w.-]+)/;
const LOGOUT = /\b(?:auth\s+logout|logout)\b/;
// Scopes a refresh adds: `gh auth refresh -h github.com -s workflow,read:org`.
const REFRESH_SCOPES = /\bauth\s+refresh\b.*?\s(?:-s|--scopes)[=\s]+(\S+)/;

/** The logins the runs before the cut left in place, one per tool, the latest. */
export function logins(runs: readonly ToolRun[]): Login[] {
  const byTool = new Map<string, Login>();
  for (const run of runs) {
    const command = shellCommand(run.call);
    const tool = command === undefined ? undefined : TOOL.exec(command)?.[1];
    if (command === undefined || tool === undefined || run.failed) continue;
    if (LOGOUT.test(command)) {
      byTool.delete(tool);
      continue;
    }
    const scopes = REFRESH_SCOPES.exec(command)?.[1];
    const login = byTool.get(tool);
    if (scopes && login) login.scopes.push(...scopes.split(',').filter((scope) => scope.length > 0));
    const account = LOGGED_IN.exec(run.output);
    // Only a login command's own output: `gh auth status` restates a login, it does not make one.
    if (account && /\blogin\b/.test(command))
      byTool.set(tool, {
        tool,
        account: (account[1] ?? account[2])!,
        scopes: [],
        messageIndex: run.messageIndex,
      });
  }
  return [...byTool.values()];
}

// How a summary says a tool acts as an account.
const LOGGED_IN_PHRASES = ['logged in as', 'logged into', 'logged in to', 'signed in as', 'authenticated as'];

/**
 * One state probe per login ("gh is logged in as mischa-thisness, with the workflow scope"): the account, that it is
 * logged in and the tool logged in are its facets; "logged out" is its opposite. The tool is part of the fact (which
 * tool acts as the account): an account's record beside the word "login" (`gh api user`'s `"login": "mischa-thisness",
 * "id": …`) names the account, not a tool logged in as it.
 */
export function loginProbes(runs: readonly ToolRun[]): DraftProbe[] {
  return logins(runs).map((login) => {
    const scopes = login.scopes.length > 0 ? `, with the ${login.scopes.join(', ')} scope` : '';
    const statement = `${login.tool} is logged in as ${login.account}${scopes}`;
    return {
      kind: 'state',
      messageIndex: login.messageIndex,
      question: `Which account is ${login.tool} logged in as?`,
      answer: `${statement}.`,
      facets: [[login.account], LOGGED_IN_PHRASES, [login.tool]],
      contradictions: [`${login.tool} is logged out`, `logged out of ${login.tool}`, `${login.tool} logout`],
      statement,
      // Its words in part are the tool, the account and the scope a list of commands or identifiers names.
      partialCredit: false,
    };
  });
}
