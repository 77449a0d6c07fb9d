/**
 * A fact's subject mentioned in a summary's own words without its specifics (src/quality/subject-mention.ts) earns
 * half, as the yardstick's reader labels a vague handoff: a file by its role, a check run, a commit. Attacked with
 * what must not pass: a path list, the path list glossed with empty words, generic words, the mention denied or put
 * as still to do, a failing check said to pass, and the user's own words naming the same thing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { indexMeaning } from '../../src/quality/meaning.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { mentionsArtifactSubject, mentionsStateSubject } from '../../src/quality/subject-mention.ts';
import { assistant, derivedProbe, editRun, session, shellRun, user } from '../helpers/factories.ts';

const tokenizer = derivedProbe('artifact', {
  facets: [['tokenizer.ts'], ['MAX_TOKEN_LENGTH']],
  statement: 'tokenizer.ts changed: MAX_TOKEN_LENGTH, splitTokens — caps a token at 4096 bytes',
  file: 'src/parser/tokenizer.ts',
});
const manifest = derivedProbe('artifact', {
  facets: [['Cargo.toml'], ['serde_json']],
  statement: 'Cargo.toml changed: serde_json, thiserror',
  file: 'Cargo.toml',
});
const tests = derivedProbe('state', {
  facets: [['npm test'], ['all tests pass', 'tests pass']],
  statement: '`npm test` passes',
  check: 'npm test',
});
const broken = derivedProbe('state', {
  facets: [['npm run build'], ['build fails']],
  statement: '`npm run build` fails',
  check: 'npm run build',
});
const commit = derivedProbe('state', {
  facets: [['4f2a9c1'], ['cap token length', 'commit 4f2a9c1']],
  statement: 'committed (4f2a9c1): cap token length',
  check: 'git commit',
});
const uncommitted = derivedProbe('state', {
  facets: [['not committed']],
  statement: 'The edits since the last commit (4f2a9c1) are not committed yet',
  check: 'git commit',
});

const outcome = (text: string, probe = tokenizer) => probeOutcome(createMatcher(text), probe);

describe('a subject mentioned without its specifics earns half', () => {
  it('names a changed file by its role: half, not kept', () => {
    assert.equal(outcome('Several files were changed: the tokenizer module and a test.'), 'partial');
    assert.equal(outcome('A new tokenizer was written.'), 'partial');
    // Not its folder: a folder is often the project's own name.
    assert.equal(outcome('The parser was reworked.'), 'missed');
    // A project's manifest by its role.
    assert.equal(outcome('The crate manifest was adjusted (new dependencies).', manifest), 'partial');
  });

  it('keeps nothing for a path list, the glossed list, generic words or a name without a word of change', () => {
    const mentions = (text: string) => mentionsArtifactSubject(indexMeaning(text), tokenizer);
    assert.equal(outcome('- src/parser/tokenizer.ts\n- Cargo.toml'), 'missed');
    assert.equal(mentions('- src/parser/tokenizer.ts\n- Cargo.toml'), false);
    assert.equal(
      mentions('src/parser/tokenizer.ts: holds relevant project source code and its configuration.'),
      false,
    );
    assert.equal(mentions('src/parser/tokenizer.ts was changed, src/parser/tokenizer.ts is new'), false);
    assert.equal(mentions('Cargo.toml, tokenizer.ts, splitTokens, TokenizerOptions, new_tokenizer'), false);
    assert.equal(outcome('Some code and configuration files were changed.'), 'missed');
    assert.equal(outcome('The tokenizer is slow on long inputs.'), 'missed');
  });

  it('keeps nothing where the mention is denied, still to do, or says the file failed', () => {
    assert.equal(
      mentionsArtifactSubject(indexMeaning('The tokenizer module was not changed.'), tokenizer),
      false,
    );
    assert.equal(
      mentionsArtifactSubject(indexMeaning('It is false that the tokenizer module was changed.'), tokenizer),
      false,
    );
    assert.equal(
      mentionsArtifactSubject(indexMeaning('Changes to the tokenizer module are still pending.'), tokenizer),
      false,
    );
    assert.equal(
      mentionsArtifactSubject(indexMeaning('The new tokenizer module fails to compile.'), tokenizer),
      false,
    );
  });

  it("reads each word of a file's name apart: one said the other way elsewhere takes only its own mention", () => {
    const reset = derivedProbe('artifact', {
      facets: [['manual_commit_reset.go'], ['resets the shadow branch']],
      statement: 'manual_commit_reset.go changed: resetShadow — resets the shadow branch',
      file: 'cmd/strategy/manual_commit_reset.go',
    });
    const handoff = 'The reset and migration code were adjusted. One manual check has not been done yet.';
    assert.equal(mentionsArtifactSubject(indexMeaning(handoff), reset), true);
    // The word said the other way is no mention, and the denied mention is none.
    assert.equal(
      mentionsArtifactSubject(
        indexMeaning('The manual code was adjusted. One manual check has not been done yet.'),
        reset,
      ),
      false,
    );
    assert.equal(mentionsArtifactSubject(indexMeaning('The reset code was not adjusted.'), reset), false);
    // A check's words still take the mention away when said both ways: no hint of which outcome holds.
    assert.equal(
      mentionsStateSubject(indexMeaning('The tests passed. No tests were run after the last edit.'), tests),
      false,
    );
  });

  it('names a check run, a failing check and the commits by their subjects', () => {
    const states = (text: string, probe: typeof tests) => mentionsStateSubject(indexMeaning(text), probe);
    // Said to run, a check states no outcome: its banner ("Running formatting, linting and type checking...") is not
    // the state that it passed.
    assert.equal(states('The tests were run at some point.', tests), false);
    assert.equal(states('Running formatting, linting and type checking...', tests), false);
    assert.equal(states('The tests passed at some point.', tests), true);
    assert.equal(states('The checks were passing at last look.', tests), true);
    assert.equal(states('The tests were not run.', tests), false);
    // A failing build is mentioned as a problem, not as checks that pass.
    assert.equal(states('One file currently has a build problem.', broken), true);
    assert.equal(states('The checks were run.', broken), false);
    assert.equal(states('There are some commits on the branch.', commit), true);
    assert.equal(states('Nothing has been committed.', commit), false);
    // "Not committed yet" has no subject a mention of commits could state: saying there are commits says the other way.
    assert.equal(states('There are some commits on the branch.', uncommitted), false);
    const leftOver = derivedProbe('state', { facets: [['not committed', 'uncommitted changes']] });
    assert.equal(states('It has been compiled, committed and pushed.', leftOver), false);
    // A text that says commits both ways gives no hint of which one holds.
    assert.equal(states('4f2a9c1 was committed; the next part is not committed.', commit), false);
  });

  it('reads a tally of no failures as a passing check, not a failing one', () => {
    // ExUnit's tally: the check passed, so a mention says it passed, and a word of failure beside the tests is none.
    const tallied = derivedProbe('state', {
      facets: [['297 tests, 0 failures', '297 passed']],
      statement: '`mix test --seed 0` passes: 297 tests, 0 failures',
      check: 'mix test --seed 0',
    });
    const states = (text: string, probe = tallied) => mentionsStateSubject(indexMeaning(text), probe);
    assert.equal(states('The tests passed.'), true);
    assert.equal(states('Code complete and tests passing.'), true);
    assert.equal(states('The tests have errors.'), false);
    // A file's text read onto one line ("@spec … {:ok, …} | :error") says the check neither way.
    assert.equal(states('90 spec get_current_trace_id ok String.t error 91 defp.'), false);
    assert.equal(outcome('90 spec get_current_trace_id ok String.t error 91 defp.', tallied), 'missed');
    // A tally of failures is a failing check, mentioned as a problem.
    const failing = derivedProbe('state', {
      facets: [['297 tests, 2 failures']],
      statement: '`mix test` fails: 297 tests, 2 failures',
      check: 'mix test',
    });
    assert.equal(states('The tests have errors.', failing), true);
    assert.equal(states('The tests passed.', failing), false);
  });

  it("says a file's name word inside the title its ticket gave several files: no mention of the file", () => {
    const session = {
      probes: [
        derivedProbe('artifact', {
          facets: [['runtime.exs'], ['safe runtime defaults']],
          statement: 'runtime.exs changed: add OTEL dependencies, bootstrap, and safe runtime defaults',
          file: 'config/runtime.exs',
        }),
        derivedProbe('artifact', {
          facets: [['mix.exs'], ['safe runtime defaults']],
          statement: 'mix.exs changed: add OTEL dependencies, bootstrap, and safe runtime defaults',
          file: 'mix.exs',
          id: 'artifact@2',
        }),
      ],
    };
    const [runtime] = session.probes;
    const outcomeOf = (text: string) =>
      scoreProbes(createMatcher(text), session.probes).probeOutcomes[runtime!.id];
    // The tracker's title line and git's commit line: what the ticket did, said of every file it took in.
    assert.equal(outcomeOf('spotter-4te.1 Add OTEL dependencies bootstrap and safe runtime.'), 'missed');
    assert.equal(
      outcomeOf('[spotter-4te 12e2d10] feat: add OTEL dependencies, bootstrap and safe runtime defaults'),
      'missed',
    );
    // The file's own word said outside the title still names it by its role.
    assert.equal(outcomeOf('The runtime config was changed to read the exporter.'), 'partial');
    assert.equal(
      outcomeOf(
        'Added OTEL dependencies, bootstrap and safe runtime defaults; the runtime config was changed too.',
      ),
      'partial',
    );
  });

  it('reads a phrase said of the thing, not a word of a list nor the topic of something else made', () => {
    // "Decisions were made about the tokenizer": what was made is the decisions, not the file.
    assert.equal(outcome('Decisions were made about the tokenizer.'), 'missed');
    assert.equal(outcome('Changes were made to the tokenizer module.'), 'partial');
    // A word of a list of words says nothing happened to anything; a phrase of it does.
    const states = (text: string) => mentionsStateSubject(indexMeaning(text), commit);
    assert.equal(states('The session is about parser, committed, tokens, lexer.'), false);
    assert.equal(states('The session is about parser, committed work, tokens.'), true);
    assert.equal(states('Parser work: committed.'), true);
  });

  it("gives a bag of the session's frequent words no half, and a vague handoff its halves", () => {
    const worked = session([
      user('The parser hangs on long inputs; please fix it.'),
      ...editRun('src/parser/tokenizer.ts', 'Edited src/parser/tokenizer.ts.'),
      assistant('The tokenizer now caps a token at 4096 bytes, so long inputs no longer hang the parser.'),
      ...shellRun('npm test', '12 passing\n0 failing'),
      ...shellRun(
        'git commit -am "split oversized tokens into 4096-byte chunks"',
        '[main 4f2a9c1] split oversized tokens into 4096-byte chunks\n 1 file changed',
      ),
      assistant('Committed the tokenizer change; the tests pass.'),
    ]);
    const { probes } = deriveProbes(worked);
    // The probes a text keeps in part only through a mention of their subject.
    const halves = (text: string) =>
      probes
        .filter(
          (probe) =>
            probe.live !== false &&
            probeOutcome(createMatcher(text), probe) === 'partial' &&
            probeOutcome(createMatcher(text), probe, { subjects: false }) === 'missed',
        )
        .map((probe) => probe.kind);
    const words = ['tokenizer', 'parser', 'committed', 'inputs', 'tests', 'bytes'];
    const frames = ['The user has views on', 'The session is about', 'Decisions were made about'];
    // One list per frame: no half. One sentence per word and frame: no file's half; "The session is about committed."
    // still reads as a mention of the commits (a known limit: a word named as a topic is not told from one said of
    // the work), so the commit's half is all it keeps.
    assert.deepEqual(halves(frames.map((frame) => `${frame} ${words.join(', ')}.`).join('\n')), []);
    assert.deepEqual(halves(words.flatMap((word) => frames.map((frame) => `${frame} ${word}.`)).join('\n')), [
      'state',
    ]);
    // The handoff that names the file by its role and the commits keeps both in part.
    assert.deepEqual(
      halves('The tokenizer module was changed, and there are some commits on the branch.').sort(),
      ['artifact', 'state'],
    );
  });

  it('earns no half when the user named the file by its role: their words copied would keep it', () => {
    const build = (request: string) =>
      session([
        user(request),
        ...editRun('src/parser/lexer.ts', 'Edited src/parser/lexer.ts.'),
        assistant('Capped the length of long inputs.'),
        ...shellRun('git commit -am "cap input length"', '[main 4f2a9c1] cap input length\n 1 file changed'),
      ]);
    const handoff = 'Several files were changed: the lexer module.';
    const artifactOf = (request: string) =>
      deriveProbes(build(request)).probes.find((probe) => probe.file === 'src/parser/lexer.ts');
    const quiet = artifactOf('The parser hangs on some files; please look into it.');
    const named = artifactOf('Long inputs hang; add a new lexer module that caps them.');
    assert.ok(quiet && named, 'both sessions derive the lexer artifact');
    assert.equal(probeOutcome(createMatcher(handoff), quiet), 'partial');
    // Only the mention loses its half: a part of the probe's statement still earns one.
    assert.equal(named.subjectCredit, false);
    assert.notEqual(named.partialCredit, false);
    assert.equal(probeOutcome(createMatcher(handoff), named), 'missed');
  });
});
