/**
 * Meaning matching (src/quality/meaning.ts, statement-match.ts): inflections, synonyms, abbreviations, number
 * words and identifier spellings read alike; and the cheap tricks fail: a summary that is the fact keeps it, an
 * empty one keeps nothing, a path list or identifier bag or a grep of error lines does not pass for what the
 * fact says, the opposite statement is a contradiction, a paraphrase passes, and deleting one fact from a good
 * summary drops exactly that fact.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexMeaning, meaningTerms } from '../../src/quality/meaning.ts';
import { indexStatements, readStatements, statementLabel } from '../../src/quality/statement-match.ts';

const terms = (text: string): string[] => meaningTerms(text).map((term) => term.term);
const label = (summary: string, statement: string) => statementLabel(indexStatements(summary), statement);

// Lines that read differently by where they stand: under a list's lead-in or outside it, after more or fewer clauses.
const LEAD_IN_LINES = [
  'Created: a.ts, b.ts',
  '- kept the retry loop; dropped Redis',
  'mix.exs: six new deps',
  "It is false that we added decimal.js. Don't stop until every function is ported:",
  '- kept the retry loop; dropped Redis',
  '1. the port is 8080',
  'Done and committed WP1-14, check green:',
  '- kept the retry loop; dropped Redis',
];

describe('meaning terms', () => {
  it('indexes a line met before as it read it then, renumbered to where it stands now', () => {
    // Lines come again in other places: under a list's lead-in and outside it, after more or fewer clauses, as a
    // colon's gloss; an index (which remembers a short text's lines) holds the terms a fresh reading gives.
    const lines = [...LEAD_IN_LINES, '1. the port is 8080'];
    for (const text of [
      lines.join('\n'),
      [...lines].reverse().join('\n'),
      ['Next:', ...lines, 'intro line', ...lines.slice(1)].join('\n'),
    ]) {
      indexMeaning(text);
      const index = indexMeaning(text);
      assert.deepEqual(index.slice(0, index.length), meaningTerms(text));
    }
  });

  it("indexes a long context's lines met in another context as a fresh reading gives them", () => {
    // Two contexts of one session over 64 Ki characters each (a kept tail, the session with its tool outputs masked):
    // the same lines, a list's lead-in reaching some and not others, in another order and after other lines.
    const lines = [...LEAD_IN_LINES, 'The migration was not done.'];
    const session = Array.from(
      { length: 2500 },
      (_, index) => `${lines[index % lines.length]} (step ${index % 40})`,
    );
    const masked = session.map((line, index) => (index % 5 === 0 ? '[tool output omitted]' : line));
    for (const text of [session.join('\n'), masked.join('\n'), [...masked].reverse().join('\n')]) {
      assert.ok(text.length > 1 << 16 && text.length < 1 << 21, 'a long context whose lines are remembered');
      const index = indexMeaning(text);
      assert.equal(index.length, meaningTerms(text).length);
      assert.deepEqual(index.slice(0, index.length), meaningTerms(text));
    }
  });

  it('folds a long text a run of lines at a time into the terms of the text folded whole', () => {
    // Compatibility forms (a ligature, full-width letters, a superscript, a no-break space) on lines around each
    // place a run of lines may end (every 65,536 characters or so), and a line break at the very end.
    const line = (index: number) =>
      index % 97 === 0
        ? `The ﬁle Ｃｏｎｆｉｇ was moved² to src/app.ts\u00a0today; do not revert it (${index}).`
        : `Step ${index}: we relocated the handler and the tests pass.`;
    const text = `${Array.from({ length: 4000 }, (_, index) => line(index)).join('\n')}\n`;
    assert.ok(text.length > 3 * (1 << 16));
    assert.notEqual(text.normalize('NFKC'), text);
    assert.deepEqual(meaningTerms(text), meaningTerms(text.normalize('NFKC')));
    assert.ok(terms(text).includes('config'), 'the full-width word folded');
  });

  it('reads inflections, synonyms and abbreviations as one term', () => {
    assert.deepEqual(terms('moved'), terms('relocating'));
    assert.deepEqual(terms('end-to-end tests'), terms('E2E test'));
    assert.deepEqual(terms("don't"), terms('never'));
    assert.deepEqual(terms('do not'), terms('no'));
    assert.deepEqual(terms('the repository'), terms('repo'));
  });

  it("reads a terse handoff's shorthands as the words they stand for", () => {
    assert.deepEqual(terms('the default headers of the controllers'), terms('dflt hdrs of the ctrls'));
    assert.deepEqual(terms('package interface'), terms('pkg iface'));
    assert.deepEqual(terms('environment variables in production'), terms('env vars in prod'));
    // What was added since, however it is put ("new beads were added" is "more beads were added").
    assert.deepEqual(terms('new beads'), terms('more beads'));
    assert.deepEqual(terms('new feedback'), terms('additional feedback'));
    assert.deepEqual(terms('updated'), terms('up to date'));
    assert.deepEqual(
      terms('review of #90 with him, answer each comment'),
      terms('review of #90, answer each comment'),
    );
    assert.deepEqual(terms('regenerate the database template'), terms('regen the db tmpl'));
    // A terse note keeps the fact its words state (the statement read as the reader reads it).
    assert.equal(
      label('cfg: dflt exporter = stdout; prod reads the OTLP env', 'the default exporter is stdout'),
      'kept',
    );
  });

  it('reads number words as digits and an identifier as its words', () => {
    assert.deepEqual(terms('three run modes'), terms('3 run mode'));
    assert.deepEqual(terms('AgentSession'), terms('agent session'));
    assert.deepEqual(terms('run_print_mode'), terms('runPrintMode'));
    assert.deepEqual(terms('src/core/agent-session.ts'), terms('AgentSession'));
  });

  it('leaves out how a request is put and what is left of a contraction', () => {
    assert.deepEqual(
      terms("i'm especially interested in code sharing between the run modes"),
      terms('code sharing, run modes'),
    );
    assert.deepEqual(terms("we've actually got the lib"), terms('got the library'));
    // A turn's opener is no part of what it asks (pi's first request: "alright, read … in full; … code sharing").
    assert.deepEqual(terms('alright, read main.ts in full'), terms('read main.ts in full'));
    assert.deepEqual(terms('okay, hmm, alright'), []);
  });

  it('marks names apart from prose, and terms a negation reaches', () => {
    const [agent, session] = meaningTerms('AgentSession');
    assert.equal(agent!.name && session!.name, true);
    assert.equal(meaningTerms('agent session')[0]!.name, false);
    const negated = meaningTerms('no unit tests; keep the e2e tests').filter((term) => term.negated);
    assert.deepEqual(
      negated.map((term) => term.term),
      terms('unit tests'),
    );
    // Terse notes write a negation as logic does.
    assert.deepEqual(
      meaningTerms('GenServers, ¬Oban jobs')
        .filter((term) => term.negated)
        .map((term) => term.term),
      terms('Oban jobs'),
    );
    // "until" ends what a negation denies: the functions are to be ported.
    const until = meaningTerms("Don't stop until all functions are ported");
    assert.deepEqual(
      until.filter((term) => term.negated).map((term) => term.term),
      terms('stop'),
    );
    // After a copula a negation reaches back: "end-to-end tests are not wanted".
    assert.ok(meaningTerms('end-to-end tests are not wanted').find((term) => term.term === 'e2e')!.negated);
  });
});

const FACTS = [
  'The user wants only end-to-end tests for AgentSession, no unit tests.',
  'All work happens on the git branch `refactor`.',
  'src/core/bash-executor.ts: one streaming, cancellable executeBash() replacing the bash runners of tui-renderer and main.',
  'The footer colours context usage as a warning above 70% and as an error above 90%.',
];
const FAITHFUL = [
  'Testing: end-to-end tests of the agent session only; the user explicitly does not want unit tests.',
  'Everything happens on the git branch named refactor.',
  'bash-executor.ts now has a single executeBash() that streams output and can be cancelled; it replaces the two bash runners in the TUI renderer and in main.',
  'The footer shows context usage in the warning colour above 70 percent, in the error colour above 90 percent.',
];

describe('statement matching', () => {
  it('keeps a fact a summary states word for word, and loses every fact of an empty summary', () => {
    for (const fact of FACTS) assert.equal(label(fact, fact), 'kept', fact);
    for (const fact of FACTS) assert.equal(label('', fact), 'lost', fact);
  });

  it('keeps a faithful paraphrase in fresh words', () => {
    FACTS.forEach((fact, position) => assert.equal(label(FAITHFUL[position]!, fact), 'kept', fact));
    // The issue's own examples.
    assert.equal(
      label('E2E tests only — no unit tests', 'i would only want e2e tests for AgentSession'),
      'kept',
    );
    assert.equal(
      label('User wants files moved to final locations', 'move those files to their final location'),
      'kept',
    );
  });

  it('does not let a path list, an identifier bag or a grep of error lines pass for a fact', () => {
    const pathList =
      'src/core/bash-executor.ts\nsrc/core/agent-session.ts\nsrc/main.ts\nsrc/tui/tui-renderer.ts';
    const identifierBag = 'AgentSession executeBash TuiRenderer BashExecutor runPrintMode refactor footer';
    const grep = [
      "src/core/agent-session.ts(12,3): error TS2339: Property 'tokensAfter' does not exist on type 'CompactionEntry'.",
      'Error: bash runner exited with code 1',
      'npm ERR! test failed',
    ].join('\n');
    for (const trick of [pathList, identifierBag, grep])
      for (const fact of [FACTS[0]!, FACTS[2]!, FACTS[3]!])
        assert.equal(label(trick, fact), 'lost', `${trick} / ${fact}`);
    // As the identifier bag of pi's first cut lists them: a hyphenated item ("read-only") is no prose.
    const bag =
      'CompactionEntry, read-only, tokensAfter, auto-compaction, CompactionResult, tokensBefore, TS2339';
    const error =
      'CompactionEntry has no tokensAfter, so CompactionResult carries tokensBefore only (TS2339, fixed).';
    assert.equal(label(bag, error), 'lost');
    assert.equal(
      label(
        'CompactionResult carries only tokensBefore: CompactionEntry has no tokensAfter (TS2339, fixed).',
        error,
      ),
      'kept',
    );
  });

  it('counts a summary stating the opposite as a contradiction', () => {
    assert.equal(
      label('The user wants unit tests for AgentSession; end-to-end tests are not wanted.', FACTS[0]!),
      'contradicted',
    );
    assert.equal(
      label('The footer colours context usage as a warning above 90% and as an error above 100%.', FACTS[3]!),
      'contradicted',
    );
  });

  it('needs more signals the other way to call a long fact contradicted', () => {
    // As labelled on a Claude Code cut (4te-1480, T16), and its faithful handoff, which keeps it: thirty terms share
    // enough words for two to turn up the other way by chance ("no failures", "nothing … is committed").
    const long =
      '4te.3 is implemented and checked (compiles; 297 tests and 14 doctests, 0 failures; credo --strict clean) but ' +
      'not committed: otel_trace_helpers.ex and .dialyzerignore are untracked and both controllers modified. The ' +
      'agent closed spotter-4te.3 in bd anyway, with a reason citing a Dialyzer false positive.';
    const kept =
      '- State: it compiles, the suite passes (297 tests and 14 doctests, no failures) and credo --strict reports ' +
      'nothing, yet nothing of 4te.3 is committed: otel_trace_helpers.ex and .dialyzerignore are untracked and both ' +
      'controllers show as modified. Even so, spotter-4te.3 was closed in bd, with a close reason that blames a ' +
      'Dialyzer false positive.';
    assert.equal(label(kept, long), 'kept');
    const opposite =
      '4te.3 is implemented but not checked (it does not compile; 297 tests and 14 doctests fail; credo is not ' +
      'clean) and committed: otel_trace_helpers.ex and .dialyzerignore are tracked and the controllers unmodified. ' +
      'The agent did not close spotter-4te.3 in bd.';
    assert.equal(label(opposite, long), 'contradicted');
  });

  it('reads a number inside an id as a name, not as a measured value another number contradicts', () => {
    // As labelled on a Claude Code cut (4te-1480, T12): its agent's summary says what became of 4te.3.
    const committed =
      'spotter-4te.1 is committed (12e2d10) and closed in bd; spotter-4te.2 is committed (461930e) and closed in bd.';
    assert.notEqual(label('spotter-4te.3 is closed in bd and committed.', committed), 'contradicted');
    assert.ok(meaningTerms('spotter-4te.1').every((term) => term.part === true));
    assert.equal(meaningTerms('297 tests')[0]!.part, undefined);
    // A measured value is still contradicted by another (above).
    assert.equal(
      label('The footer colours context usage as a warning above 80% and as an error above 90%.', FACTS[3]!),
      'contradicted',
    );
  });

  it('reads what a number measures from prose around it, and a round number as the value it rounds', () => {
    // As labelled on pi's second cut (B11) and a Claude Code cut (4te-1480, T16), whose summaries keep them.
    const mode =
      'interactive-mode.ts: InteractiveMode (~1508 lines) rewritten from scratch on top of AgentSession.';
    assert.equal(
      label(
        'interactive-mode.ts: InteractiveMode (about 1500 lines), rewritten from scratch on top of AgentSession.',
        mode,
      ),
      'kept',
    );
    assert.equal(
      label(
        'interactive-mode.ts: InteractiveMode (about 900 lines), rewritten from scratch on top of AgentSession.',
        mode,
      ),
      'contradicted',
    );
    // "14" counts doctests, told by the word after it, not by the count before it.
    const suite = 'The suite passes: 297 tests and 14 doctests, 0 failures; credo --strict is clean.';
    assert.equal(label('The suite passes: 297 tests, 0 failures; credo --strict is clean.', suite), 'kept');
    assert.equal(
      label('The suite passes: 297 tests and 9 doctests, 0 failures; credo --strict is clean.', suite),
      'contradicted',
    );
  });

  it('ends a negation at "as" and "because", and reads "whether" as a function word', () => {
    const negated = (text: string) =>
      meaningTerms(text)
        .filter((term) => term.negated)
        .map((term) => term.term);
    // As labelled on a Claude Code cut (a0y-1583, Y14): the spec is not denied, the folder is.
    assert.deepEqual(
      negated('tail_wrapper.sh lives in priv/scripts/, not in scripts/ as the task spec said'),
      terms('scripts'),
    );
    assert.deepEqual(
      negated('the hook is not registered because the event name is wrong'),
      terms('hook registered'),
    );
    assert.deepEqual(terms('ask whether to continue'), terms('ask continue'));
  });

  it('reads a suggestion put as a negative question as the thing suggested, not denied', () => {
    // As in pi's session: the user's "can't we get that from the settings manager in session?" asks for it.
    const negated = (text: string) =>
      meaningTerms(text)
        .filter((term) => term.negated)
        .map((term) => term.term);
    assert.deepEqual(negated("can't we get that from the settings manager in session?"), []);
    assert.deepEqual(negated('why not use the settings manager?'), []);
    assert.deepEqual(negated("shouldn't we move the tools to core?"), []);
    // A question about what fails, and a plain denial, still deny.
    assert.deepEqual(negated("why don't the tests pass?"), terms('tests pass'));
    assert.deepEqual(negated("we can't get that from the settings manager."), terms('get settings manager'));
    const fact = 'collapseChangelog comes from the settings manager, not from a constructor flag.';
    assert.notEqual(
      label("132 collapseChangelog = false, can't we get that from the settings manager in session?", fact),
      'contradicted',
    );
  });

  it('reads a first-person opinion frame as no term, its negation reaching what the speaker denies', () => {
    const negated = (text: string) =>
      meaningTerms(text)
        .filter((term) => term.negated)
        .map((term) => term.term);
    // As the user put the constraint on overlap-584's cut: the suffixes are what is not needed.
    assert.deepEqual(terms("I don't think we need suffixes"), terms("we don't need suffixes"));
    assert.deepEqual(negated("I don't think we need suffixes"), terms('need suffixes'));
    assert.deepEqual(terms('but I think we should signal and log'), terms('signal and log'));
    assert.deepEqual(terms('we believe the cache is stale'), terms('the cache is stale'));
    // Not said in the first person, or not the verb of an opinion: a term as before.
    assert.ok(terms('the agent thinks the cache is stale').includes(terms('think')[0]!));
    assert.ok(terms('I thought about the cache').length > 1);
    assert.ok(terms('think about the design').includes(terms('think')[0]!));
    const fact = "The user doesn't want suffixes: one shadow branch per base commit.";
    assert.equal(
      label("I don't think we need suffixes, just one shadow branch per base commit", fact),
      'kept',
    );
    // The frame affirmed leaves its clause affirmed: "I think we need suffixes" denies nothing.
    assert.deepEqual(negated('I think we need suffixes'), []);
  });

  it('reads "notes" as a word, not a negation, and a sentence\'s opening "Note:" as a frame that states nothing', () => {
    const negated = (text: string) =>
      meaningTerms(text)
        .filter((term) => term.negated || term.term === terms('not')[0])
        .map((term) => term.term);
    // "noted" and "notes" stem to `note`, which no inflection of "not" may claim; "nod" is no "no" either.
    assert.deepEqual(negated('a rule about where working notes go'), []);
    assert.deepEqual(negated('he nodded and noted the change'), []);
    assert.deepEqual(
      terms('a rule about where working notes go'),
      terms('a rule about where working note go'),
    );
    assert.notDeepEqual(terms('notes'), terms('not'));
    // Negations themselves still read as one term.
    assert.deepEqual(terms('never none nor cannot'), terms('not not not not'));
    // An opening label asks the reader to heed the rest: the rest is the statement.
    assert.deepEqual(
      terms('Note: the transcript files still contain references to the old name.'),
      terms('the transcript files still contain references to the old name.'),
    );
    assert.deepEqual(terms('We renamed it. **NB**: tests pass'), terms('We renamed it. tests pass'));
    // Notes named as a thing are a word of the fact: "release notes", "notes" after the sentence's opening.
    assert.ok(terms('Release notes: updated').includes(terms('notes')[0]!));
    assert.equal(
      label(
        'The transcript files still contain references to the old name.',
        'Note: The transcript files still contain references to the old name.',
      ),
      'kept',
    );
    assert.equal(
      label('Working notes go in docs/requirements.', 'A rule about where working notes go'),
      'kept',
    );
  });

  it('drops exactly the deleted fact from a good summary', () => {
    const readings = readStatements(FACTS);
    const full = indexStatements(FAITHFUL.join('\n'));
    assert.deepEqual(
      readings.map((reading) => statementLabel(full, reading)),
      ['kept', 'kept', 'kept', 'kept'],
    );
    for (let deleted = 0; deleted < FAITHFUL.length; deleted++) {
      const without = indexStatements(FAITHFUL.filter((_, position) => position !== deleted).join('\n'));
      const labels = readings.map((reading) => statementLabel(without, reading));
      assert.deepEqual(
        labels,
        FACTS.map((_, position) => (position === deleted ? 'lost' : 'kept')),
        `deleting fact ${deleted}`,
      );
    }
  });
});
