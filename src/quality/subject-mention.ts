/**
 * A fact's subject mentioned in a summary's own words, without its specifics: a file by its role ("a new summarize
 * file", "the sheet component was restructured"), the commits, the pull request, the merge, a check that was run.
 * The yardstick's reader counts such a mention half kept ("only a hint a careful reader could follow"): the
 * successor knows the thing exists and was changed, not what it now holds. A bare path or identifier is no mention
 * in words, a clause that denies the thing or puts it as still to do mentions it the other way, and generic words
 * ("code", "configuration", "changes") name no subject.
 */
import { extname } from 'node:path';
import { fileName } from '../session/normalise-path.ts';
import { memoized, perClause, termSet } from './clause-reading.ts';
import { meaningTerms, saidOtherwise, type MeaningIndex, type MeaningTerm } from './meaning.ts';
import type { Probe } from './probes.ts';

const words = memoized(() => ({
  // Words of a file's name that tell no file from another: a role every project has, or an edit.
  generic: termSet(
    'index main mod init lib util utils helper helpers common core base shared type types test tests spec ' +
      'config configuration code source src file files data app application use get set new update add remove ' +
      'handler ' +
      'cli cmd pkg internal component components web',
  ),
  // Words that say a file was made or changed: its clause tells that the thing exists and the work touched it.
  changed: termSet(
    'changed updated edited modified created new added reworked restructured adjusted rewritten refactored ' +
      'extended gained touched wrote written introduced implemented finished committed built',
  ),
  // What a reader calls a file by its well-known role: a project's manifest, a stylesheet, a migration.
  manifest: termSet('manifest dependencies'),
  stylesheet: termSet('css stylesheet styles styling'),
  migration: termSet('migration'),
  // The families of checks a reader names a check by ("the tests", "the linter", "the checks" for any of them).
  checks: termSet('test suite lint linter build compile check typecheck credo clippy format fmt'),
  // A build is compiling; a lint run is the linter.
  built: termSet('build compile'),
  linted: termSet('lint linter'),
  // A routine's steps besides its checks.
  steps: termSet('commit push claim close tick'),
  // The words any check is named by.
  anyCheck: termSet('check tests suite'),
  // Words that say a check passed. Not "run" ("ran" and "running" read as one term): a check's banner ("Running
  // formatting, linting and type checking...") names it as it starts and states no outcome, and the state is one.
  ran: termSet('passed green clean succeeded'),
  // Words that say a check failed or the thing is broken.
  failed: termSet('failed fails problem problems broken error errors rejecting rejected'),
  // The events of a project's history a state reports, each a subject of its own.
  events: termSet('commit pull request merge ticket issue'),
  // Words that say a thing went away or failed: a clause with one does not say the file is there.
  notHeld: termSet('remove delete drop revert rename error fail undefined warning missing denied crash'),
  // Words that say there is none of the thing ("nothing has been committed").
  none: termSet('nothing none never'),
}));

/** The terms of the clause the term at `at` is in, and of the clause its list hangs from ("Files changed: a, b"). */
function clauseTerms(index: MeaningIndex, at: number): MeaningTerm[] {
  const own = index.clauseAt(at);
  const lead = index.at(at)!.leadIn;
  const terms: MeaningTerm[] = [];
  for (const clause of lead === undefined ? [own] : [own, lead]) {
    let from = at;
    // A lead-in stands before its items: walk back to it, no further than a long list reaches.
    if (clause !== own) {
      const stop = Math.max(0, at - LEAD_IN_WITHIN);
      while (from > stop && index.clauseAt(from) > clause) from--;
      if (index.clauseAt(from) !== clause) continue;
    }
    while (from > 0 && index.clauseAt(from - 1) === clause) from--;
    let to = from;
    while (to + 1 < index.length && index.clauseAt(to + 1) === clause) to++;
    terms.push(...index.slice(from, to + 1));
  }
  return terms;
}

/** How far back a list item looks for the clause its list hangs from, in terms. */
const LEAD_IN_WITHIN = 400;

// The files a project's dependencies are declared in, by name.
const MANIFESTS = new Set([
  'package.json',
  'cargo.toml',
  'mix.exs',
  'pyproject.toml',
  'go.mod',
  'requirements.txt',
  'gemfile',
  'build.gradle',
  'pom.xml',
  'composer.json',
]);
const STYLESHEET = /^\.(?:css|scss|sass|less)$/i;
const MIGRATIONS = /(?:^|\/)migrations?\//i;

/**
 * The words that name a file by what it is: the words of its name that tell it from other files (not its extension,
 * not a generic role or an edit), and the words of a well-known role (a manifest, a stylesheet, a migration). Not its
 * folder's: a folder is often the project's own name ("lib/spotter/application.ex"), which every sentence says.
 */
function nameSubject(file: string): string[] {
  const { generic, changed, manifest, stylesheet, migration } = words();
  const named = meaningTerms(fileName(file))
    .map((term) => term.term)
    .filter((term) => term.length >= 3 && !/^\d+$/.test(term) && !generic.has(term) && !changed.has(term));
  const roles = [
    ...(MANIFESTS.has(fileName(file).toLowerCase()) ? manifest : []),
    ...(STYLESHEET.test(extname(file)) ? stylesheet : []),
    ...(MIGRATIONS.test(file) ? migration : []),
  ];
  return [...new Set([...named, ...roles])];
}

/**
 * How mentions are read. `evenBothWays`: a text that also says the subject the other way still mentions it (what the
 * user's words mention, for derivation's guard: asking for commits and later for no commit of one file both name
 * commits).
 */
export type MentionOptions = {
  evenBothWays?: boolean;
  /** An artifact's title runs (meaning.ts `StatementReading.titleRuns`): a name's word said inside one says the title. */
  titleRuns?: ReadonlyArray<readonly string[]>;
};

/**
 * Whether some prose occurrence of one of `subject` stands in a clause (with its list's lead-in) that `holds`, and
 * none is itself denied or put as still to do: a text that says the subject both ways ("4te.1 was committed", "4te.2
 * is not committed") gives no hint of which fact holds. With `eachWord` (the several words of a file's name, the steps
 * of a routine), a word said the other way somewhere is only not read as a mention (a check's or an event's words, a
 * state's or an error's subject, still take the mention away): "One manual check has not been done" says nothing of
 * manual_commit_reset.go, which "the reset and migration code were adjusted" names. Each clause is read once, however
 * many of its terms are asked about.
 */
function mentioned(
  index: MeaningIndex,
  subject: readonly string[],
  holds: (terms: readonly MeaningTerm[]) => boolean,
  options: MentionOptions,
  eachWord = false,
): boolean {
  const prose: number[] = [];
  for (const word of subject) {
    const found = index.positions.get(word)?.prose ?? [];
    if (options.evenBothWays !== true && found.some((at) => saidOtherwise(index.at(at)!))) {
      if (!eachWord) return false;
      continue;
    }
    prose.push(...found);
  }
  return prose.some(perClause(index, clauseTerms, (terms) => terms.length >= PHRASE_TERMS && holds(terms)));
}

// A mention is a phrase about the thing: a clause of one word with no lead-in ("…, committed, …") is an item of a list
// of words, which says nothing happened to anything.
const PHRASE_TERMS = 2;

/** Whether a clause says nothing the other way: no term denied, put as still to do, or (unless allowed) failing. */
function plain(terms: readonly MeaningTerm[], failing = false): boolean {
  const { notHeld, failed, none } = words();
  return !terms.some(
    (term) =>
      saidOtherwise(term) ||
      none.has(term.term) ||
      (!failing && (notHeld.has(term.term) || failed.has(term.term))),
  );
}

/** Whether a clause holds a prose term of `set`. */
const having = (terms: readonly MeaningTerm[], set: ReadonlySet<string>): boolean =>
  terms.some((term) => !term.name && set.has(term.term));

/**
 * Whether a text mentions a state's subject in its own words: a check's family ("the tests", "the checks") said to
 * have passed (said to run, it states no outcome), or for a failing check said to have a problem; a commit, a pull request, a merge or a ticket
 * the state reports, named in a clause that neither denies it nor puts it as still to do. A state that something is
 * not done yet ("not committed yet") has no subject to mention: saying there are commits says the other way.
 */
export function mentionsStateSubject(
  index: MeaningIndex,
  probe: Probe,
  options: MentionOptions = {},
): boolean {
  if (probe.kind !== 'state' && probe.kind !== 'verification') return false;
  const told = [probe.statement ?? '', ...probe.facets.flat()].join('\n');
  if (/\bnot\b|\bnothing\b|n't\b|\buncommitted\b/i.test(told)) return false;
  const { ran, failed, events } = words();
  const toldTerms = meaningTerms(told);
  if (probe.check !== undefined && !/^git\b/.test(probe.check)) {
    const subject = checkSubject(probe.check);
    // A tally of none ("297 tests, 0 failures") counts no failure: the check passed.
    const failing = meaningTerms(told.replace(NONE_COUNTED, ' ')).some(
      (term) => failed.has(term.term) || term.term === 'fail',
    );
    return mentioned(
      index,
      subject,
      (terms) => (failing ? plain(terms, true) && having(terms, failed) : plain(terms) && having(terms, ran)),
      options,
    );
  }
  const subject = [
    ...new Set(toldTerms.filter((term) => !term.name && events.has(term.term)).map((term) => term.term)),
  ];
  if (probe.check !== undefined && /^git commit\b/.test(probe.check))
    subject.push(...meaningTerms('commit').map((term) => term.term));
  return mentioned(index, subject, (terms) => plain(terms), options);
}

// A count of none and the word it counts ("0 failures", "zero failed", "no errors").
const NONE_COUNTED = /\b(?:0|zero|no)\s+(?:\S+\s+)?(?:fail\w*|errors?)\b/gi;

/** The words a reader names a check by: its family in its command ("the build" is also "compiling"), or "the checks". */
function checkSubject(command: string): string[] {
  const { checks, built, linted, anyCheck } = words();
  const family = meaningTerms(command)
    .map((term) => term.term)
    .filter((term) => checks.has(term));
  const also = [built, linted].flatMap((set) => (family.some((term) => set.has(term)) ? [...set] : []));
  return [...new Set([...family, ...also, ...anyCheck])];
}

// A routine the session follows, as derivation states it (derive/routine.ts).
const ROUTINE = /^For each piece of work:\s*(.*)$/s;

/**
 * Whether a text mentions a routine's subject: two of its steps named together in prose ("its usual checks and commit
 * conventions", "running the tests and the linter before closing each part"), at most one of them by the words any
 * check goes by, in a clause that neither denies them nor puts them as still to do.
 */
export function mentionsRoutineSubject(
  index: MeaningIndex,
  probe: Probe,
  options: MentionOptions = {},
): boolean {
  if (probe.kind !== 'constraint') return false;
  const steps = ROUTINE.exec(probe.statement ?? '')?.[1];
  if (steps === undefined) return false;
  const { steps: stepWords, anyCheck } = words();
  const subject = new Set<string>();
  for (const step of steps.split(',')) {
    const command = /`([^`]+)`/.exec(step)?.[1];
    if (command !== undefined) for (const term of checkSubject(command)) subject.add(term);
    for (const term of meaningTerms(step.replace(/`[^`]*`/g, ' ')))
      if (!term.name && stepWords.has(term.term)) subject.add(term.term);
  }
  return mentioned(
    index,
    [...subject],
    (terms) => {
      if (!plain(terms)) return false;
      const named = new Set(
        terms.filter((term) => !term.name && subject.has(term.term)).map((term) => term.term),
      );
      const generic = [...named].filter((term) => anyCheck.has(term)).length;
      return named.size - Math.max(0, generic - 1) >= 2;
    },
    options,
    true,
  );
}

/**
 * Whether a text mentions a live error's subject: the check whose command failed, said in its own words to have a
 * problem ("the build is broken", "there are open problems with compiling"), in a clause that neither denies it nor
 * puts it as gone. Not the file the error names: an error line names it, and grep's lines are no account of the error.
 */
export function mentionsErrorSubject(
  index: MeaningIndex,
  probe: Probe,
  options: MentionOptions = {},
): boolean {
  if (probe.kind !== 'error') return false;
  const command = /`([^`]+)`\s+failed/.exec(probe.statement ?? '')?.[1];
  if (command === undefined) return false;
  const { failed } = words();
  return mentioned(
    index,
    checkSubject(command),
    (terms) => plain(terms, true) && having(terms, failed),
    options,
  );
}

/**
 * Whether a text mentions an artifact's file by its role: a distinctive word of the file's name written as a prose
 * word (not inside a path or an identifier: "the checkpoint types file", "a Claude-specific file"), in a clause (or
 * the lead-in of its list) that says the file was made or changed, where nothing is denied, put as still to do, or
 * said to be gone or failing; not only inside the title its ticket or commit gave several files (`titleRuns`).
 */
export function mentionsArtifactSubject(
  index: MeaningIndex,
  probe: Probe,
  options: MentionOptions = {},
): boolean {
  if (probe.kind !== 'artifact' || probe.file === undefined) return false;
  const { changed } = words();
  const subject = nameSubject(probe.file);
  const runs = options.titleRuns ?? [];
  const named = new Set(subject);
  return mentioned(
    index,
    subject,
    (terms) =>
      having(terms, changed) && plain(terms) && (runs.length === 0 || saysOutsideTitle(terms, named, runs)),
    options,
    true,
  );
}

/**
 * Whether a clause says a word of `subject` in prose outside every run of `runs` it writes in order: the title of a
 * ticket or commit that took several files in ("spotter-4te.1 Add OTEL dependencies bootstrap and safe runtime")
 * says what the ticket did, not that one file of it (runtime.exs) was made or changed (artifact-context.ts).
 */
function saysOutsideTitle(
  terms: readonly MeaningTerm[],
  subject: ReadonlySet<string>,
  runs: ReadonlyArray<readonly string[]>,
): boolean {
  const inTitle = new Set<number>();
  for (const run of runs)
    for (let at = 0; at + run.length <= terms.length; at++)
      if (run.every((term, offset) => terms[at + offset]!.term === term))
        for (let offset = 0; offset < run.length; offset++) inTitle.add(at + offset);
  return terms.some((term, at) => !term.name && subject.has(term.term) && !inTitle.has(at));
}

/** Whether a text mentions a probe's subject in its own words, by the reading of its kind (artifact, state, error, routine). */
export function mentionsSubject(index: MeaningIndex, probe: Probe, options: MentionOptions = {}): boolean {
  return (
    mentionsArtifactSubject(index, probe, options) ||
    mentionsStateSubject(index, probe, options) ||
    mentionsErrorSubject(index, probe, options) ||
    mentionsRoutineSubject(index, probe, options)
  );
}
