/**
 * Error probes: the errors the agent hit (compiler codes, exceptions, failing tests and their assertion lines,
 * non-zero exits) and errors the user pasted, each once, where it first appeared, and whether it was fixed later.
 */
import { errorLines } from '../../session/error-lines.ts';
import { commandFamily, commandHead } from '../../session/shell-commands.ts';
import { fileName } from '../../session/normalise-path.ts';
import { normalizeForMatch } from '../match.ts';
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { clipWords, isContentWord } from './phrases.ts';
import { passed, type ToolRun } from './runs.ts';
import type { DraftProbe } from './draft.ts';
import { checkName } from './verification.ts';

// An error's name or code: TS2345, E0308, ERR_MODULE_NOT_FOUND, TypeError, ENOENT.
const CODE =
  /(?<![\w.])(?:TS\d{3,5}|E\d{4}|ERR_[A-Z0-9_]{3,}|[A-Z][A-Za-z0-9]*(?:Error|Exception)|E[A-Z]{3,}(?=:)|panicked)(?![\w])/;
// What leads an error line without a code: a severity, a test marker, a log prefix.
const LEADER = /^\s*(?:(?:npm ERR!|error|fatal|FAIL(?:ED)?|panic)\b\S*|×|✗|✖|→)[:\s]*/i;
// A line that only reports a command's exit status.
const EXIT_STATUS =
  /^\s*(?:exit (?:code|status)|exited with|process exited|command failed with exit)\b[\s\d:.,-]*$/i;
// Where an error's message stops being its words: a location, a quoted block, a stack frame.
const MESSAGE_END = /\s(?:at|in)\s+\S*[/\\]|\s[-–—]\s|[([{]|\.\s|\.$|,\s+open\s/;
const PATH_LIKE = /[/\\]|\.\w{1,5}(?::\d+)*$|::|^\d+(?:[:.]\d+)*$|^[<>›»|=]+$/;
// A path inside a message ends it (a number does not: "expected 4 to equal 3").
const FILE_WORD = /[/\\]|::|^\D.*\.\w{1,5}(?::\d+)*$/;
// A word of an error's message: letters, digits, quotes and a few joiners; code or minified text ends the message.
const MESSAGE_WORD = /^['"`‘“]?[\p{L}\p{N}_$][\p{L}\p{N}_$.'’-]*['"`’”]?[.,:]?$/u;

// A quoted name that is no word of a message: a module specifier, a path or a package (`'"@scope/pkg"'`, `'./a.js'`).
const QUOTED_NAME = /^['"`‘“]{1,2}\S*[/@\\]\S*['"`’”]{1,2}$/;
// A quoted word ('EditorTheme'): the value an error names, not how it says what went wrong.
const QUOTED_WORD = /^['"`‘“]/;

/** The first words of an error's message, at most six, up to a path, code or the end of its first clause. */
function messageWords(all: readonly string[], beforeQuoted = false): string[] {
  const words: string[] = [];
  for (const word of all) {
    if (words.length === 6 || !MESSAGE_WORD.test(word) || FILE_WORD.test(word)) break;
    if (beforeQuoted && QUOTED_WORD.test(word)) break;
    words.push(word);
    if (/[.,:]$/.test(word)) break;
  }
  return words;
}

/** The facets of an error line: its code (when it has one) and the first words of its message. */
export function errorFacets(line: string): { code?: string; phrase: string } | undefined {
  // "Exit code 1" says that a command failed, as every failure does, not what went wrong.
  if (EXIT_STATUS.test(line)) return undefined;
  const code = CODE.exec(line)?.[0];
  let rest = code ? line.slice(line.indexOf(code) + code.length) : line.replace(LEADER, '');
  rest = rest.replace(/^[\]\s:,'"`)]+/, '');
  // A test path or a suite chain before the test's name: `src/a.test.ts > parser > handles empty input`.
  const segments = rest.split(/\s+(?:>|›|»)\s+|::/);
  if (!code && segments.length > 1) rest = segments[segments.length - 1]!;
  const end = rest.search(MESSAGE_END);
  const message = end >= 0 ? rest.slice(0, end) : rest;
  const all = message.split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < all.length && PATH_LIKE.test(all[start]!)) start++;
  let words = messageWords(all.slice(start));
  // A compiler names what it could not find by a quoted module or path early in its message ("Module
  // '\"@scope/pkg\"' has no exported member 'X'"): the words after it say what went wrong, up to the next name.
  const quoted = all[start + words.length];
  if (words.length < 2 && quoted !== undefined && QUOTED_NAME.test(quoted))
    words = messageWords(all.slice(start + words.length + 1), true);
  let picked = words.map((word) => word.replace(/[.,:]+$/, ''));
  while (picked.length > 0 && !isContentWord(picked[picked.length - 1]!)) picked = picked.slice(0, -1);
  if (picked.length < 2) return undefined;
  const phrase = picked.join(' ');
  // The words must stand together in the line as written, or no summary quoting it could match.
  if (!normalizeForMatch(line).includes(normalizeForMatch(phrase))) return undefined;
  return code && !phrase.includes(code) ? { code, phrase } : { phrase };
}

type Occurrence = { line: string; messageIndex: number; run: ToolRun | undefined };
/** An error probe with the runs that showed it first and last. */
type OpenError = DraftProbe & { failedRun: ToolRun | undefined; firstRun: ToolRun | undefined };
// What an error is: its code, its message's first words, a failing test's assertion, and the checker that found it
// (a hook's heading over that checker's output): the checker names it in a statement, it is no facet.
type Facets = { code?: string; phrase: string; assertion?: string; checker?: string };

// Git stopping a merge, rebase or cherry-pick on conflicts.
const MERGE_CONFLICT = /^CONFLICT \(|^Automatic merge failed\b/m;

// A failing test's line: which test broke (its assertion comes on a later line).
const FAILING_TEST = /^\s*(?:FAIL|FAILED|×|✗|✖)\s/;

/** The facets of a run's error lines: a failing test with its assertion line make one error. */
function facetsOfLines(lines: readonly string[]): Array<{ line: string; facets: Facets }> {
  const found = lines.flatMap((line) => {
    const facets = errorFacets(line);
    return facets ? [{ line, facets: facets as Facets }] : [];
  });
  const [test, assertion] = found;
  if (test && assertion && FAILING_TEST.test(test.line) && !FAILING_TEST.test(assertion.line)) {
    return [
      {
        line: `${test.line.trim()} — ${assertion.line.trim()}`,
        facets: { phrase: test.facets.phrase, assertion: assertion.facets.phrase },
      },
    ];
  }
  return found;
}

// A program's line ending in the system's reason for a failed call ("cp: cannot create regular file 'x': Text file
// busy", "rm: cannot remove 'y': Directory not empty"): the reason is the error, the path and wording are the tool's.
const SYSTEM_ERROR =
  /^[\w.+-]{1,30}: .*?\b(Text file busy|Device or resource busy|Operation not permitted|Read-only file system|No space left on device|Directory not empty|File exists|Is a directory|Not a directory|Address already in use|Connection refused|Too many open files|Resource temporarily unavailable|Broken pipe)\s*$/m;

/**
 * The error of a failed run whose error lines say only that it exited non-zero: a program's line ending in the
 * system's reason, which the reason names (`Text file busy`).
 */
function systemErrorOf(output: string): Array<{ line: string; facets: Facets }> {
  const found = SYSTEM_ERROR.exec(output);
  return found ? [{ line: found[0].trim(), facets: { phrase: found[1]! } }] : [];
}

// A failure's banner: a check's words that it failed, ending at a colon before what it found ("Pre-commit validation
// failed:", a hook's heading over the output of the checks it ran). The same for every finding, so no error of its own.
const BANNER = /^[^:]{0,80}\bfailed:\s*(?:\\n|$)/i;
// A checker's finding named by its warning at a file's line and column, its message on the next line (Dialyzer:
// `lib/a_helpers.ex:58:13:pattern_match`, then `The pattern can never match the type.`).
const NAMED_FINDING =
  /^\s*(?:[\w.@~-]+[/\\])*[\w@~-][\w.@~-]*\.[a-z][a-z0-9]{0,4}:\d+:\d+:([a-z]+(?:_[a-z]+)+)[ \t]*\r?\n[ \t]*([^\n]*\S)/gm;
// The heading a hook prints over one checker's output (`[DIALYZER]`, `[CREDO]`), on a line of its own.
const CHECKER_HEADING = /(?:^|\\n|\n)\s*\[([A-Z][A-Z0-9_-]{2,})\]\s*(?=\\n|\n)/g;

/**
 * The findings under a failure's banner, when a run's error lines are only that banner: each named finding, its name
 * the code and its message's first words the phrase, with the checker whose heading stands over it (`[DIALYZER]`). A
 * reader states it so ("Dialyzer reports pattern_match in a_helpers.ex"), not by the banner every finding shares.
 */
function findingsUnderBanner(run: ToolRun): Array<{ line: string; facets: Facets }> {
  if (run.errorLines.length === 0 || !run.errorLines.every((line) => BANNER.test(line))) return [];
  const headings = [...run.output.matchAll(CHECKER_HEADING)];
  return [...run.output.matchAll(NAMED_FINDING)].flatMap((found) => {
    const [line, name, message] = found;
    const phrase = errorFacets(message!)?.phrase.replace(/^(?:the|a|an)\s+/i, '');
    if (!phrase || phrase.split(' ').length < 2) return [];
    const heading = headings.filter((one) => one.index < found.index).at(-1)?.[1];
    const checker = heading ? heading.charAt(0) + heading.slice(1).toLowerCase() : undefined;
    return [
      {
        line: line.trim().replace(/\s*\n\s*/, ' '),
        facets: { code: name!, phrase, ...(checker ? { checker } : {}) },
      },
    ];
  });
}

/** The error probes of a session: one per distinct error, at its first appearance. */
export function errorProbes(messages: readonly Message[], runs: readonly ToolRun[]): DraftProbe[] {
  const seen = new Map<string, { first: Occurrence; last: Occurrence; facets: Facets }>();
  // The errors each failed run showed, by key: a later run of the same check that fails without one has fixed it.
  const shown = new Map<ToolRun, Set<string>>();
  const note = (occurrence: Occurrence, facets: Facets) => {
    const key = errorKey(facets);
    if (occurrence.run) shown.set(occurrence.run, (shown.get(occurrence.run) ?? new Set()).add(key));
    const known = seen.get(key);
    if (known) known.last = occurrence;
    else seen.set(key, { first: occurrence, last: occurrence, facets });
  };
  const byIndex = new Map(runs.map((run) => [run.messageIndex, run]));
  const latestPrompt = messages.findLastIndex(isPrompt);
  messages.forEach((message, index) => {
    if (isPrompt(message)) {
      for (const { line, facets } of facetsOfLines(
        errorLines(contentText(message.content), { pasted: true }),
      ))
        note({ line, messageIndex: index, run: undefined }, facets);
      return;
    }
    const run = byIndex.get(index);
    // A merge stopped on conflicts is the state of the work (work-state.ts), not an error of it.
    if (run?.failed && !MERGE_CONFLICT.test(run.output)) {
      const findings = findingsUnderBanner(run);
      const found = findings.length > 0 ? findings : facetsOfLines(run.errorLines);
      for (const { line, facets } of found.length > 0 ? found : systemErrorOf(run.output))
        note({ line, messageIndex: index, run }, facets);
    }
  });
  const errors = [...seen.values()].map(({ first, last, facets }): OpenError => {
    const fixedLater = last.run
      ? fixedAfter(last.run, runs) || goneAfter(last.run, errorKey(facets), shown)
      : // An error the user pasted before their latest prompt was the matter of an earlier request; one in the
        // latest prompt is what the work is on now.
        last.messageIndex < latestPrompt
        ? true
        : undefined;
    const where = first.run?.command
      ? `\`${shownCommand(first.run.command)}\``
      : first.run
        ? first.run.call.name
        : undefined;
    const facetList = [
      ...(facets.code ? [[facets.code]] : []),
      [facets.phrase],
      ...(facets.assertion ? [[facets.assertion]] : []),
    ];
    const status =
      fixedLater === undefined
        ? ''
        : fixedLater
          ? ' It was fixed later: a later run of the same check passed.'
          : ' It was not fixed by the end of the session.';
    // The error as a reader states it: its type and subject, where it came from, not the interpreter's whole line.
    const file = fileOf(first.line).file;
    const said = [facets.checker, facets.code, facets.phrase, facets.assertion].filter(Boolean).join(': ');
    const statement = `${where ? `${where} failed` : 'the user reported an error'}: ${said}${file ? ` in ${fileName(file)}` : ''}`;
    return {
      kind: 'error',
      messageIndex: first.messageIndex,
      statement,
      question: where
        ? `What error did ${where} fail with, and was it fixed?`
        : 'What error did the user report, and was it fixed?',
      answer: `${where ? `${where} failed with` : 'The user reported'}: ${clipWords(first.line, 400).replace(/\.+$/, '')}.${status}`,
      facets: facetList,
      ...(fixedLater === undefined ? {} : { fixedLater }),
      ...fileOf(first.line),
      failedRun: last.run,
      firstRun: first.run,
    };
  });
  const step = fixStep(errors, runs);
  return [
    ...errors.map(({ failedRun: _run, firstRun: _first, ...error }) => error as DraftProbe),
    ...(step ? [step] : []),
  ];
}

// A commit, however it is run (`git add -A && git commit -m "feat: …"`).
const COMMIT = /\bgit\s+commit\b/;

/**
 * A command as an error's source: a commit by its name, since its message is the agent's words for the change, not
 * where the error came from (a hook's refusal is the commit's); any other command as run, clipped.
 */
function shownCommand(command: string): string {
  return COMMIT.test(command) ? 'git commit' : clipWords(command, 60);
}

/** What tells one error from another: its code and the first words of its message. */
function errorKey(facets: Facets): string {
  return normalizeForMatch(`${facets.code ?? ''} ${facets.phrase}`);
}

/**
 * Whether a later run of the same build or lint check failed without this error: a compiler or linter that fails on
 * other findings no longer reports it (E0433 gone from the next `cargo build`, which fails on E0277 only), so it is
 * behind the work.
 */
function goneAfter(failed: ToolRun, key: string, shown: ReadonlyMap<ToolRun, ReadonlySet<string>>): boolean {
  // A compiler or linter reports every finding of what it checks; a test run may run a part of the tests.
  const family = failed.command === undefined ? undefined : commandFamily(failed.command);
  if (family !== 'build' && family !== 'lint') return false;
  const check = checkName(failed.command!);
  for (const [run, keys] of shown)
    if (
      run.messageIndex > failed.messageIndex &&
      run.command !== undefined &&
      checkName(run.command) === check &&
      !keys.has(key)
    )
      return true;
  return false;
}

/**
 * The next step while a check, a commit or a deploy still fails at the end: fixing its latest unfixed error and
 * running it again ("Next: fix the syntax error in checkpoint.go, then rerun `go build`"), since nothing the agent
 * planned after it can go on until it passes. The check's name is the facet: the error itself is the error probe's.
 * Where the error first stopped a release (a publish, a deploy) that no later run made, the release is what is run
 * again once the check passes ("then run `npm run publish` again"), and its command is the facet.
 */
function fixStep(errors: readonly OpenError[], runs: readonly ToolRun[]): DraftProbe | undefined {
  const open = errors
    .filter((error) => error.fixedLater === false && error.failedRun?.command !== undefined)
    .sort((a, b) => a.failedRun!.messageIndex - b.failedRun!.messageIndex)
    .at(-1);
  if (!open) return undefined;
  const check = outcomeName(open.failedRun!.command!);
  const release = stoppedRelease(open.firstRun, runs);
  if (release === undefined && (check === undefined || check.split(' ').length < 2)) return undefined;
  const error = open.facets.map((facet) => facet[0]).join(': ');
  const place = open.file ? ` in ${fileName(open.file)}` : '';
  // The release, not its build's verdict: "until it passes" beside a summary's "publish fails" reads as the opposite.
  const again = release === undefined ? `run \`${check}\` again until it passes` : `run \`${release}\` again`;
  const statement = `Next: fix ${error}${place}, then ${again}`;
  const named = release ?? check!;
  return {
    kind: 'next-step',
    messageIndex: open.failedRun!.messageIndex,
    question: `What must the agent do next about \`${named}\`?`,
    answer: `${statement}.`,
    facets: [[named]],
    statement,
  };
}

// A command that releases the work: publishing a package, deploying, cutting a release (a word of the command, not a
// flag: `cargo build --release` builds).
const RELEASES = /(?<![-\w/.])(?:publish|deploy|release)(?![-\w])/;

/** The release command a failed run was (`npm run publish`), when no later run of it passed. */
function stoppedRelease(run: ToolRun | undefined, runs: readonly ToolRun[]): string | undefined {
  const command = run?.command;
  if (command === undefined || !RELEASES.test(command) || /^\s*git\b/.test(command)) return undefined;
  const made = runs.some(
    (later) => later.messageIndex > run!.messageIndex && passed(later) && later.command === command,
  );
  return made ? undefined : command;
}

// A source file an error line names, with its line (`src/main-new.ts(499,20)`, `lib/a.ex:57:`) or its folder.
const ERROR_FILE =
  /(?<![\w.@~/\\-])((?:[\w.@~-]+[/\\])*[\w@~-][\w.@~-]*\.[a-z][a-z0-9]{0,4})(?=[(:]\d)|(?<![\w.@~/\\-])([/\\]?(?:[\w.@~-]+[/\\])+[\w@~-][\w.@~-]*\.[a-z][a-z0-9]{0,4})\b/;

/** The file an error line names, as `{ file }` (none when the line names none). */
function fileOf(line: string): { file?: string } {
  const found = ERROR_FILE.exec(line);
  const file = found?.[1] ?? found?.[2];
  return file === undefined ? {} : { file };
}

// A command whose failure stands until it succeeds: a commit (a hook refused it), a push, a merge, a deploy.
const CHANGES_STATE =
  /\bgit\s+(?:commit|push|merge|rebase|cherry-pick|revert)\b|\b(?:deploy|publish|release)\b/;

/** The name of the check, commit, push, merge or deploy a command runs (`mise run lint`, `git commit`), if any. */
function outcomeName(command: string): string | undefined {
  if (commandFamily(command) !== undefined) return checkName(command);
  return CHANGES_STATE.exec(command)?.[0].replace(/\s+/g, ' ');
}

/**
 * Whether the error is behind the work: a later run of the same check (tests, build, lint) or of the same commit,
 * push, merge or deploy passed; for any other command (a look around, a one-off script, another tool) a later run of
 * anything that succeeded, since the agent went on: only an outcome stands until it is run again.
 */
function fixedAfter(failed: ToolRun, runs: readonly ToolRun[]): boolean {
  const family = failed.command ? commandFamily(failed.command) : undefined;
  const head = failed.command ? commandHead(failed.command) : undefined;
  const outcome =
    family !== undefined || (failed.command !== undefined && CHANGES_STATE.test(failed.command));
  if (!outcome && runs.some((run) => run.messageIndex > failed.messageIndex && passed(run))) return true;
  // A commit refused with `git add -A && git commit …` is made by a later `git commit …`.
  const name = family === undefined && failed.command ? outcomeName(failed.command) : undefined;
  if (
    name !== undefined &&
    runs.some(
      (run) =>
        run.messageIndex > failed.messageIndex &&
        passed(run) &&
        run.command !== undefined &&
        outcomeName(run.command) === name,
    )
  )
    return true;
  return runs.some(
    (run) =>
      run.messageIndex > failed.messageIndex &&
      passed(run) &&
      (family !== undefined
        ? run.command !== undefined && commandFamily(run.command) === family
        : head !== undefined
          ? run.command !== undefined &&
            // The same command, or the same one with other flags ("git push --set-upstream origin x").
            (commandHead(run.command) === head || checkName(run.command) === checkName(failed.command!))
          : run.call.name === failed.call.name),
  );
}
