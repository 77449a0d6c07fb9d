/**
 * State probes: the last run of each check (tests, build, lint, a coverage threshold) and its outcome, as the output
 * tallied it.
 */
import { COVERAGE_THRESHOLD, commandFamily } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords } from './phrases.ts';
import { passed, type ToolRun } from './runs.ts';

const FAMILY_WORDS: Record<string, string> = {
  test: 'the tests',
  build: 'the build',
  lint: 'the linter',
  coverage: 'the coverage',
};

// What a handoff calls a whole family of checks, as the subject it says "not run" or "fails" of.
const FAMILY_SUBJECTS: Record<string, readonly string[]> = {
  test: ['the tests', 'the test suite', 'all tests'],
  build: ['the build'],
  lint: ['the linter', 'the lint'],
};

/** The outcome an output states, as the spellings a summary may use, or undefined when it states none. */
export function outcomeSpellings(output: string): string[] | undefined {
  const count = (pattern: RegExp) => pattern.exec(output)?.[1];
  // ExUnit and RSpec tally runs and failures: "65 tests, 0 failures", "12 examples, 2 failures".
  const tally = /\b(\d+) (?:tests?|examples?), (\d+) failures?\b/i.exec(output);
  const passed =
    count(/\b(\d+) (?:tests? )?(?:passed|passing)\b/i) ??
    count(/\bTests?:\s+(\d+) passed/i) ??
    (tally?.[2] === '0' ? tally[1] : undefined);
  const failed =
    count(/\b([1-9]\d*) (?:tests? )?(?:failed|failing)\b/i) ??
    (tally && tally[2] !== '0' ? tally[2] : undefined);
  // The tally as the output wrote it comes first: it is what a summary that copies the output keeps.
  const written = tally ? [tally[0]] : [];
  const spelled = (count: string, words: readonly string[]) => [
    ...written,
    ...words.map((word) => `${count} ${word}`),
  ];
  if (failed) return spelled(failed, ['failed', 'failing', 'tests failed', 'test failed']);
  if (passed) return spelled(passed, ['passed', 'passing', 'tests passed', 'tests pass']);
  const errors = count(/\bFound (\d+) errors?\b/) ?? count(/\b(\d+) errors?\b/);
  if (errors) return [`${errors} errors`, `${errors} error`];
  const all = /\bAll (checks|tests) passed\b/i.exec(output)?.[0];
  return all ? [all] : undefined;
}

/**
 * Which check a command runs, so that each has its own latest run: its program and the words that are neither flags
 * nor files (`pnpm --filter @repo/app lint` and `… test` are two checks; `mix test test/a_test.exs` is `mix test`).
 */
export function checkKey(command: string): string {
  return command
    .split(/\s*(?:\||&&|;)\s*/)[0]!
    .split(/\s+/)
    .filter((word) => !word.startsWith('-') && !/[/\\]|\.\w{1,5}(?::\d+)?$/.test(word))
    .join(' ');
}

/** The name of a check as a summary writes it: the command's words up to its first flag (`npx tsc`, `cargo test`). */
export function checkName(command: string): string {
  const words = command.split(/\s*(?:\||&&|;)\s*/)[0]!.split(/\s+/);
  const name: string[] = [];
  for (const word of words) {
    if (name.length === 3 || !/^[\w@][\w@.:/+-]*$/.test(word) || /[=]/.test(word)) break;
    name.push(word);
  }
  return name.join(' ') || words[0]!;
}

// A pipe (not `||`) between the check and what reads its output.
const PIPED = /(?<!\|)\|(?!\|)/;

/** The state of a check whose output states no tally: the command as run, and whether it passed or failed. */
function untalliedProbe(
  key: string,
  head: string,
  run: ToolRun,
  familyNames: readonly string[],
): DraftProbe | undefined {
  const command = run.command!;
  if (command.split(/\s+/).length < 2) return undefined;
  // Piped into another program (`tsc | grep a.ts`, `npm test | tail -5`), the exit status is that program's: grep
  // finding nothing fails, tail always passes. Without a tally the check's own outcome is unknown.
  if (PIPED.test(command)) return undefined;
  const family = FAMILY_WORDS[commandFamily(command)!]!;
  const verdict = run.failed ? 'fails' : 'passes';
  return {
    kind: 'state',
    messageIndex: run.messageIndex,
    check: key,
    question: `How were ${family} last checked with \`${head}\`, and what was the outcome?`,
    answer: `\`${clipWords(command, 120)}\` was run last; it ${run.failed ? 'failed' : 'passed'}.`,
    // The command as run, or the outcome as a handoff states a whole check of its family ("all tests pass", "lint
    // clean"): a check narrowed to some tests is not the tests passing.
    facets: [
      [
        command,
        ...(isNarrowedCheck(command)
          ? []
          : [
              ...(OUTCOME_WORDS[commandFamily(command)!]?.[verdict] ?? []),
              ...scriptOutcome(key, run.failed),
              ...(run.failed ? [] : thresholdMet(command)),
            ]),
      ],
    ],
    statement:
      commandFamily(command) === 'coverage'
        ? thresholdStatement(command, run.failed)
        : `\`${clipWords(command, 120)}\` ${verdict}`,
    opposite: outcomeOpposite(key, command, run.failed, familyNames),
  };
}

// How a handoff says a check's run failed, and passed: in words, or by a terse note's mark after the check ("`pnpm
// check-types` ✗", "lint ✓").
const FAILED_WORDS = [
  'fails',
  'failed',
  'failing',
  'is red',
  'is broken',
  'does not pass',
  "doesn't pass",
  '✗',
  '✘',
  '❌',
];
const PASSED_WORDS = [
  'passes',
  'passed',
  'passing',
  'is green',
  'is clean',
  'succeeds',
  'succeeded',
  '✓',
  '✔',
  '✅',
];

// How a handoff says a family of checks failed, in the plural.
const FAILED_PLURAL = ['fail', 'do not pass', "don't pass"];

// How a handoff says a check that ran was never run ("`npm test`: not run", "npm test was not run yet"): the other
// way for a passing run and a failing one alike.
const NOT_RUN_WORDS = ['not run', 'never run', 'not been run', 'not yet run', "wasn't run", "weren't run"];

/**
 * A check's outcome said the other way of the check, in the clause that names it: a passing run said to fail
 * ("`cargo llvm-cov --fail-under-lines 100` still fails"), a failing one said to pass, either said not run. The
 * check is named by the command as run, or by a script's own name when it is no common word (`check-types`,
 * `test:integration`; not `lint` or `test`, which name any check); its name alone (`cargo test`) is also what other
 * runs of it are named by. `family` adds the words a handoff names the whole family by ("the tests", "the build"):
 * verificationProbes gives them only where no run of the family failed, so "the tests were not run" or "the tests
 * fail" is false of every run of it.
 */
export function outcomeOpposite(
  key: string,
  command: string,
  failed: boolean,
  family: readonly string[] = [],
): DraftProbe['opposite'] {
  const script = key.split(' ').at(-1)!;
  const subject = [
    command,
    ...(key.split(' ').length >= 2 && /^[a-z][\w]+[-:][\w:-]+$/i.test(script) ? [script] : []),
    ...family,
  ];
  const [said, own] = failed ? [PASSED_WORDS, FAILED_WORDS] : [FAILED_WORDS, PASSED_WORDS];
  // A family is named in the plural: "the tests fail", "the tests do not pass".
  const plural = family.length > 0 && !failed ? FAILED_PLURAL : [];
  return { subject, said: [...said, ...plural, ...NOT_RUN_WORDS], within: 'clause', own };
}

/**
 * A coverage run's outcome said by its threshold: "Coverage meets its threshold of 100% of lines". Not by the command:
 * its flag's words (`--fail-under-lines`) read as the run failing, and the tool's name alone (a bag of identifiers
 * holds `cargo llvm-cov`) is not the threshold met.
 */
function thresholdStatement(command: string, failed: boolean): string {
  const threshold = COVERAGE_THRESHOLD.exec(command)!;
  const of = `${threshold[1]}%${/lines/.test(threshold[0]) ? ' of lines' : ''}`;
  return `Coverage ${failed ? 'is below' : 'meets'} its threshold of ${of}`;
}

// Programs that run a script of the project by its name (`pnpm --filter @repo/app check-types`, `mise run lint`).
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun', 'mise', 'just', 'make']);

/**
 * A script's outcome as a handoff writes it, by the script's name: "check-types passes" of `pnpm --filter @repo/app
 * check-types` (its key, `pnpm check-types`), "typecheck failed" of `npm run typecheck`.
 */
function scriptOutcome(key: string, failed: boolean): string[] {
  const words = key.split(' ');
  const script = words.at(-1)!;
  if (words.length < 2 || !SCRIPT_RUNNERS.has(words[0]!) || !/^[a-z][\w:-]{3,}$/i.test(script)) return [];
  return failed ? [`${script} fails`, `${script} failed`] : [`${script} passes`, `${script} passed`];
}

// How a handoff states a whole check's outcome by its family, passing and failing.
const OUTCOME_WORDS: Record<string, Record<'passes' | 'fails', string[]>> = {
  test: {
    passes: ['tests pass', 'tests passed', 'tests passing', 'tests green'],
    fails: ['tests fail', 'tests failed', 'tests failing'],
  },
  lint: {
    passes: ['lint clean', 'lint passes', 'lint passed', 'lint is clean'],
    fails: ['lint fails', 'lint failed', 'lint errors'],
  },
  coverage: {
    passes: ['coverage passes', 'coverage check passes', 'coverage threshold met'],
    fails: ['coverage fails', 'coverage check fails', 'coverage below the threshold'],
  },
};

/**
 * A coverage threshold a passing run met, as a handoff states it: "100% line coverage" of `cargo llvm-cov
 * --fail-under-lines 100`, "90% coverage" of `coverage report --fail-under=90`.
 */
function thresholdMet(command: string): string[] {
  const threshold = COVERAGE_THRESHOLD.exec(command);
  if (!threshold) return [];
  const figure = `${threshold[1]}%`;
  const measure = /lines/.exec(threshold[0]) ? ['line coverage', 'coverage'] : ['coverage'];
  return measure.map((words) => `${figure} ${words}`);
}

// A flag that runs only the tests whose name it gives (`go test -run X`, `pytest -k x`, `jest -t x`, `mocha --grep x`).
const NAME_FILTER = /^(?:-run|-k|-t|--grep|--testNamePattern|--test-name-pattern|--match)$/;
const NAME_FILTER_WITH_VALUE = /^--?(?:run|k|t|grep|testNamePattern|test-name-pattern|match)=/;
// A source file given to a check (`mix test test/a_test.exs:12`, `mix credo lib/a.ex`), not a folder or a package.
const SOURCE_FILE = /\.[A-Za-z]\w{0,4}(?::\d+)*$/;

/** Whether a word of a check narrows it to the tests a name matches (`-run`, `-k`, `--grep=x`). */
export function isNameFilter(word: string): boolean {
  return NAME_FILTER.test(word) || NAME_FILTER_WITH_VALUE.test(word);
}

/**
 * Whether a check was narrowed to some tests or files: a name filter, a test named after `::`, or source files given.
 * Such a run is a step of debugging one thing (the new test passes); what a reader hands over as the state is the
 * check run whole.
 */
export function isNarrowedCheck(command: string): boolean {
  const words = command.split(/\s*(?:\||&&|;)\s*/)[0]!.split(/\s+/);
  return words.some(
    (word, at) =>
      (NAME_FILTER.test(word) && at + 1 < words.length) ||
      NAME_FILTER_WITH_VALUE.test(word) ||
      word.includes('::') ||
      (at > 0 && !word.startsWith('-') && !word.includes('=') && SOURCE_FILE.test(word)),
  );
}

// Programs whose test command builds the whole project before it runs a test (`mix test` compiles, as `cargo test`,
// `go test ./...`, `dotnet test`, `mvn test` and `gradle test` do); a script runner's `test` may not (`npm test` runs
// whatever the script says, seldom `tsc`).
const BUILDING_TEST_RUNNERS = new Set([
  'mix',
  'cargo',
  'go',
  'dotnet',
  'mvn',
  'gradle',
  './gradlew',
  'swift',
]);

/**
 * Whether a build check's last run was followed by a passing run of the same program's whole test suite (`mix
 * compile`, then `mix test`: 410 tests, 0 failures): that run built the project again, so it is the build's last
 * run too, and its tally is the state a reader hands over ("the suite passed"), not the earlier build apart.
 */
function rebuiltByTests(key: string, build: ToolRun, runs: readonly ToolRun[]): boolean {
  const program = key.split(' ')[0]!;
  if (commandFamily(build.command!) !== 'build' || !BUILDING_TEST_RUNNERS.has(program)) return false;
  return runs
    .slice(runs.lastIndexOf(build) + 1)
    .some(
      (run) =>
        run.command !== undefined &&
        passed(run) &&
        checkKey(run.command).split(' ')[0] === program &&
        commandFamily(run.command) === 'test' &&
        !isNarrowedCheck(run.command),
    );
}

/**
 * One state probe per distinct check command: its last run, with the outcome its output states (what passes now). A
 * check narrowed to some tests or files has none where the same family of check was also run whole: the whole run is
 * the state, the narrowed one a step on the way (`go test -run TestX` beside `mise run test`).
 */
export function verificationProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const last = new Map<string, ToolRun>();
  const wholeFamilies = new Set<string>();
  for (const run of runs) {
    const family = run.command ? commandFamily(run.command) : undefined;
    // A run whose output leaves its outcome open states no state of the check.
    if (!family || run.inconclusive) continue;
    last.set(checkKey(run.command!), run);
    if (!isNarrowedCheck(run.command!)) wholeFamilies.add(family);
  }
  // Families a run of which failed or left its outcome open: "the tests fail" may be true of one of those runs.
  const unclean = new Set<string>();
  for (const run of runs) {
    const family = run.command ? commandFamily(run.command) : undefined;
    if (family && (run.failed || run.inconclusive)) unclean.add(family);
  }
  /** The words a passing check's family is named by, where no run of that family failed. */
  const familyWords = (run: ToolRun): readonly string[] => {
    const family = commandFamily(run.command!)!;
    return run.failed || unclean.has(family) ? [] : (FAMILY_SUBJECTS[family] ?? []);
  };
  const probes: DraftProbe[] = [];
  for (const [key, run] of last) {
    if (isNarrowedCheck(run.command!) && wholeFamilies.has(commandFamily(run.command!)!)) continue;
    if (rebuiltByTests(key, run, runs)) continue;
    const head = checkName(run.command!);
    // A coverage run's tally is its tests' (that is the test run's state): its own outcome is the threshold's exit.
    const outcome = commandFamily(run.command!) === 'coverage' ? undefined : outcomeSpellings(run.output);
    if (!outcome) {
      // A check that states no tally (`tsc` prints nothing when it passes) still has an outcome: its exit.
      const probe = untalliedProbe(key, head, run, familyWords(run));
      if (probe) probes.push(probe);
      continue;
    }
    const family = FAMILY_WORDS[commandFamily(run.command!)!]!;
    const verdict = run.failed ? 'it failed' : 'it passed';
    probes.push({
      kind: 'state',
      messageIndex: run.messageIndex,
      check: key,
      question: `How were ${family} last checked with \`${head}\`, and what was the outcome?`,
      answer: `\`${clipWords(run.command!, 120)}\` was run last; ${verdict}: ${outcome[0]}.`,
      // The command and its tally sit in two messages, far apart: only the tally is a facet, the command is asked.
      facets: [outcome],
      statement: `\`${clipWords(run.command!, 120)}\` ${run.failed ? 'fails' : 'passes'}: ${outcome[0]}`,
      opposite: outcomeOpposite(key, run.command!, run.failed, familyWords(run)),
    });
  }
  return probes;
}
