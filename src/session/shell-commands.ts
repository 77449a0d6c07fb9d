/**
 * What a shell call runs, read from its arguments: the command, the command as a summary shows it, whether it only
 * looks at things, and which check it is (tests, build, lint). Shared by the offline summarizer (src/extractive/) and
 * derived probes (src/quality/derive/), which read the same calls for different ends.
 */
import type { ToolCallBlock } from './types.ts';
import { clip } from '../text/clip.ts';

const COMMAND_ARGUMENTS = ['command', 'cmd', 'script'];
const SHELL_TOOL = /bash|shell|^sh$|^zsh$|exec|terminal|^cmd$|powershell|^run(?:_command|_terminal_cmd)?$/i;

/** The shell command a call runs, if it is a shell call. */
export function shellCommand(call: ToolCallBlock): string | undefined {
  if (!SHELL_TOOL.test(call.name)) return undefined;
  const value = COMMAND_ARGUMENTS.map((key) => call.arguments[key]).find(
    (candidate) => typeof candidate === 'string' || Array.isArray(candidate),
  );
  // Codex passes argv, e.g. ["bash", "-lc", "npm test"]: the script is the last element.
  const command = Array.isArray(value) ? String(value[value.length - 1] ?? '') : value;
  return typeof command === 'string' && command.trim() ? command.trim() : undefined;
}

// What only sets the shell up before the command: a change of folder, a variable exported, a file sourced.
const SETUP_PREFIX = /^(?:(?:cd\s+\S+|export\s+\w+=(?:"[^"]*"|'[^']*'|\S+)|(?:source|\.)\s+\S+)\s*&&\s*)+/;

/**
 * The command as a summary shows it: set-up prefixes (`cd … &&`, `export PATH="…" &&`, `source … &&`), output
 * plumbing and extra lines dropped.
 */
export function coreCommand(command: string): string {
  const firstLine = command.split('\n')[0]!;
  const core = firstLine
    .replace(SETUP_PREFIX, '')
    .replace(/\s*2>&1/g, '')
    .replace(/\s*\|\s*(?:head|tail)(?:\s+-n)?(?:\s+-?\d+)?\s*$/, '')
    .trim();
  return clip(core || firstLine, 140) + (command.includes('\n') ? ' …' : '');
}

const READ_ONLY_COMMAND =
  /^(?:ls|cat|pwd|cd|echo|head|tail|sed\s+-n|grep|rg|find|fd|wc|tree|which|file|stat|git\s+(?:status|diff|log|show|branch|remote))\b/;

/** True for commands that only look at things, whose output is not checked for errors. */
export function isReadOnlyCommand(command: string): boolean {
  return READ_ONLY_COMMAND.test(coreCommand(command));
}

/** What a command runs: its program and first arguments (`npx tsx scripts/a.ts`), flags and pipes aside. */
export function commandHead(command: string): string {
  return command
    .split(/\s*(?:\||&&|;)\s*/)[0]!
    .split(/\s+/)
    .filter((word) => !word.startsWith('-'))
    .slice(0, 3)
    .join(' ');
}

// Variables set for the one command (`MIX_ENV=test mix compile`): the program after them decides what it runs.
const ENVIRONMENT_PREFIX = /^(?:\w+=(?:"[^"]*"|'[^']*'|\S*)\s+)+/;

/**
 * The words of a command's head that say what it runs: the program and its subcommands, without a path or a quoted
 * text it is given (`rm themes/test.json`, `git commit -m "test: …"` run no tests).
 */
function runWords(command: string): string {
  return commandHead(command.replace(ENVIRONMENT_PREFIX, ''))
    .split(/\s+/)
    .filter((word) => !/^["'`]|\/|\.\w+$/.test(word))
    .join(' ');
}

// A package manager adding or removing a package (`npm i`, `pnpm add -D jest`, `cargo install x`).
const INSTALL = /^\S+ (?:install|i|add|uninstall|remove)\b/;

/**
 * The kind of check a command runs (test, lint, coverage, build), so a later passing run of the same kind resolves
 * earlier failures.
 */
export function commandFamily(command: string): string | undefined {
  const head = runWords(command);
  // Fetching or building the dependencies, or installing a tool, checks nothing of the project (`mix deps.compile`,
  // `npm install`, `cargo install cargo-llvm-cov`, `pnpm add -D jest`).
  if (/\bdeps\.\w|\binstall\b/.test(commandHead(command)) || INSTALL.test(head)) return undefined;
  if (/\b(?:test|vitest|jest|mocha|pytest)\b/.test(head) || /\s--test\b/.test(command)) return 'test';
  if (
    /\b(?:lint|biome|eslint|clippy|ruff|prettier|credo|dialyzer|mypy|pyright|rubocop|flake8|shellcheck|stylelint)\b/.test(
      head,
    )
  )
    return 'lint';
  if (COVERAGE_TOOL.test(head)) return COVERAGE_THRESHOLD.test(command) ? 'coverage' : undefined;
  if (/\b(?:tsc|tsgo|build|compile|check|typecheck|make)\b/.test(head)) return 'build';
  return undefined;
}

// A coverage tool's run (`cargo llvm-cov`, `cargo tarpaulin`, `coverage report`, `nyc check-coverage`), when no test
// runner word names it first (`pytest --cov` is its tests' run).
const COVERAGE_TOOL = /\b(?:llvm-cov|tarpaulin|coverage|check-coverage|nyc|c8|kcov|gcovr|grcov)\b/;
// A threshold the run enforces (`--fail-under-lines 100`, `--fail-under=90`, `check-coverage --lines 95`): without
// one a coverage run exits 0 whatever the coverage (an HTML report), so it checks nothing.
export const COVERAGE_THRESHOLD =
  /(?:^|\s)(?:--?fail-under(?:-(?:lines|functions|regions))?|--cov-fail-under|--min-coverage|check-coverage\s+--(?:lines|statements|functions|branches))(?:=|\s+)(\d+(?:\.\d+)?)\b/;
