/**
 * A rule of the environment the agent learnt from failures: sudo cannot ask it for a password, since its commands run
 * without a terminal ("sudo: a terminal is required to read the password", "sudo: no tty present"). A careful reader
 * hands it over ("no sudo for me: it wants a password on a terminal, so `sudo setcap` fails; the user must run it"):
 * a successor that tries sudo again wastes turns, and what needs root is the user's to run. Standing while the
 * agent's last sudo before the cut failed so; a sudo that went through since (a cached password) ends it.
 */
import { shellCommand } from '../../session/shell-commands.ts';
import { clipWords } from './phrases.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

// sudo run as a program of the command (`sudo setcap …`, `… | sudo tee …`), not a word in a path or a string.
const SUDO = /(?:^|[;&|(]\s*|\s)sudo\s/;
// What sudo prints when it has no terminal to ask on.
const NO_TERMINAL =
  /\bsudo: (?:a terminal is required to read the password|no tty present|a password is required|sorry, you must have a tty)/i;

// How a handoff says that sudo needs the password it cannot be given, and how sudo says it.
const PASSWORD_PHRASES = [
  'password is required',
  'password on a terminal',
  'password in a terminal',
  'terminal for the password',
  'password prompt',
  'needs a password',
  'tty pw',
];

// The command a statement quotes, at most.
const COMMAND_CHARS = 80;

/** The agent's last sudo run before the cut, when sudo refused it for want of a terminal. */
export function sudoWithoutTerminal(runs: readonly ToolRun[]): ToolRun | undefined {
  const last = [...runs].reverse().find((run) => {
    const command = shellCommand(run.call);
    return command !== undefined && SUDO.test(` ${command}`);
  });
  return last && last.failed && NO_TERMINAL.test(last.output) ? last : undefined;
}

/** One constraint when sudo refused the agent for want of a terminal: sudo and the password are its facets. */
export function sudoWithoutTerminalProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const run = sudoWithoutTerminal(runs);
  if (!run) return [];
  const command = clipWords(shellCommand(run.call)!.split('\n')[0]!, COMMAND_CHARS);
  return [
    {
      kind: 'constraint',
      messageIndex: run.messageIndex,
      question: 'Can the agent run commands with sudo here?',
      answer: `sudo asks for a password on a terminal the agent has none of (\`${command}\` failed), so the user runs what needs root.`,
      facets: [['sudo'], PASSWORD_PHRASES],
      // Said without "fails" or "cannot": the agent's own "a password prompt which I can't provide" would read
      // as that statement denied, and the whole session as contradicting it.
      statement:
        'sudo asks for a password on a terminal the agent has none of, so the user runs what needs root',
    },
  ];
}
