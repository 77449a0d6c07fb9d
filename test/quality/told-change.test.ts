/**
 * An artifact kept by the agent's own words for its change (derive/told-changes.ts, told-change.ts): a line naming the
 * file with one word the agent used for what it did to that file, in the file's clause or what follows it up to the
 * next file, keeps it, whatever commit title the probe's facet took. Attacked with what must not pass: the path list,
 * the file among its identifiers, a compiler's line naming the file, the word without the file, the word denied, a
 * list of files with a word after the last, the same words pasted after every file, and a handoff with one file's line
 * deleted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const CLEANUP = 'cmd/cli/strategy/cleanup.go';
const RESET = 'cmd/cli/strategy/manual_commit_reset.go';

/**
 * A session of our own making: the agent changes two files under one commit, heading each edit with the file and the
 * function, and lists afterwards what it did to each in a table.
 */
function cleanSession() {
  const cleanup = toolCall('edit', {
    path: CLEANUP,
    oldText: 'for _, b := range branches {\n\trepo.Storer.RemoveReference(b)\n}',
    newText:
      'for _, b := range branches {\n\tif err := DeleteBranchCLI(ctx, b); err != nil {\n\t\tfailed = append(failed, b)\n\t}\n}',
  });
  const reset = toolCall('edit', {
    path: RESET,
    oldText: '\treturn repo.Storer.RemoveReference(ref.Name())',
    newText:
      '\tif err := DeleteBranchCLI(ctx, name); err != nil && !strings.Contains(err.Error(), "not found") {\n\t\treturn err\n\t}',
  });
  const commit = toolCall('bash', { command: 'git commit -am "Fix entire clean logging leak"' });
  // Other work around it: the words of the change are then rare in the session, as in a real one.
  const other = Array.from({ length: 30 }, (_, at) => {
    const run = toolCall('bash', { command: `go test ./cmd/cli/parser/case${at}` });
    return [callsTools([run], `Checking parser case ${at}.`), toolResult(run, `ok parser case ${at}`)];
  }).flat();
  return session([
    user('the shadow branches survive `entire clean --force`, please make deletion work'),
    ...other,
    callsTools([cleanup], '**1. cleanup.go - `DeleteShadowBranches()`**'),
    toolResult(cleanup, `The file ${CLEANUP} has been updated successfully.`),
    callsTools([reset], '**2. manual_commit_reset.go - `Reset()`**'),
    toolResult(reset, `The file ${RESET} has been updated successfully.`),
    callsTools([commit], 'Committing.'),
    toolResult(commit, '[main 22c57db] Fix entire clean logging leak\n 2 files changed'),
    assistant(
      [
        '| File | Function | Change |',
        '| `strategy/cleanup.go` | `DeleteShadowBranches()` | Replaced `RemoveReference` loop with `DeleteBranchCLI` |',
        '| `strategy/manual_commit_reset.go` | `Reset()` | Idempotent delete via `DeleteBranchCLI` |',
      ].join('\n'),
    ),
    user('thanks, open the PR'),
  ]);
}

/** The artifact probes derived for the two files, by file. */
function probes(): { cleanup: Probe; reset: Probe; all: Probe[] } {
  const all = deriveProbes(cleanSession()).probes;
  const cleanup = all.find((found) => found.file === CLEANUP);
  const reset = all.find((found) => found.file === RESET);
  assert.ok(cleanup && reset, 'an artifact probe for each file');
  return { cleanup, reset, all };
}

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe("an artifact kept by the agent's own words for its change", () => {
  const { cleanup, reset, all } = probes();

  it("takes the agent's plain words for each file, not its names, the edit tool's report or the user's words", () => {
    assert.deepEqual(cleanup.told, ['loop']);
    assert.deepEqual(reset.told, ['idempotent']);
    // The facet is the commit's title, which the terse line below does not say.
    assert.deepEqual(cleanup.facets[1], ['Fix entire clean logging leak']);
  });

  it('keeps each file by a terse line that names it beside one of those words', () => {
    assert.equal(
      outcome('cleanup.go DeleteShadowBranches: loop DeleteBranchCLI -> deleted[]/failed[]', cleanup),
      'matched',
    );
    assert.equal(
      outcome('- strategy/manual_commit_reset.go Reset: delete now idempotent.', reset),
      'matched',
    );
    // Two files listed with no word between share the words after the second.
    const both = 'cleanup.go + manual_commit_reset.go: DeleteBranchCLI loop, idempotent on "not found"';
    assert.equal(outcome(both, cleanup), 'matched');
    assert.equal(outcome(both, reset), 'matched');
  });

  it('keeps nothing from a path list, an identifier bag or a compiler line naming the file', () => {
    assert.notEqual(outcome(`${CLEANUP}\n${RESET}`, cleanup), 'matched');
    assert.notEqual(
      outcome('cleanup.go, DeleteShadowBranches, DeleteBranchCLI, RemoveReference', cleanup),
      'matched',
    );
    assert.notEqual(
      outcome('cmd/cli/strategy/cleanup.go:45:2: loop variable b captured', cleanup),
      'matched',
    );
    assert.notEqual(outcome('- `git add cleanup.go && git commit -m "loop"`', cleanup), 'matched');
  });

  it("needs the file and the word in one part of a line: the word alone, another file's words, a list item, or the next sentence keep nothing", () => {
    assert.notEqual(outcome('The deletion loop now goes through the CLI.', cleanup), 'matched');
    assert.notEqual(
      outcome('- cleanup.go: DeleteShadowBranches\n- the loop goes through the CLI', cleanup),
      'matched',
    );
    assert.notEqual(outcome('manual_commit_reset.go: branches. cleanup.go: idempotent', reset), 'matched');
    assert.notEqual(outcome('Touched: clean.go, cleanup.go, loop counters in main.go', cleanup), 'matched');
    assert.notEqual(outcome('Touched cleanup.go today. The loop is in another file.', cleanup), 'matched');
    // A line the file's name opens is the file's item, all its sentences.
    assert.equal(
      outcome('- cleanup.go: DeleteShadowBranches changed. The loop goes through the CLI.', cleanup),
      'matched',
    );
  });

  it('reads on after a comma where the item heads the part of the file it tells of, ended by a colon', () => {
    // "file, function: what changed": the comma leads to the function, not to the next item of a list.
    assert.equal(
      outcome('- strategy/cleanup.go, DeleteShadowBranches: the loop goes through the CLI now', cleanup),
      'matched',
    );
    assert.equal(
      outcome('- strategy/manual_commit_reset.go, Reset(): deleting is idempotent now', reset),
      'matched',
    );
    assert.equal(outcome('- manual_commit_reset.go, the delete path: idempotent now', reset), 'matched');
    // A list of files or of names, a heading too long to be one, or a line the file does not open, is no heading.
    assert.notEqual(outcome('- manual_commit_reset.go, cleanup.go: idempotent now', reset), 'matched');
    assert.notEqual(
      outcome('- manual_commit_reset.go, DeleteBranchCLI, RemoveReference, Reset: idempotent', reset),
      'matched',
    );
    assert.notEqual(
      outcome('- manual_commit_reset.go, and many more of the files we looked at today: idempotent', reset),
      'matched',
    );
    assert.notEqual(outcome('Touched manual_commit_reset.go, Reset: idempotent', reset), 'matched');
    // Denied after the heading, it keeps nothing.
    assert.notEqual(outcome('- manual_commit_reset.go, Reset(): not idempotent', reset), 'matched');
  });

  it('keeps nothing where the word is denied or still to do', () => {
    assert.notEqual(outcome('cleanup.go: no loop was replaced', cleanup), 'matched');
    assert.notEqual(outcome('It is false that cleanup.go got its loop replaced.', cleanup), 'matched');
    assert.notEqual(outcome('cleanup.go: replacing the loop is still to do', cleanup), 'matched');
    assert.notEqual(
      outcome('cleanup.go DeleteShadowBranches: loop DeleteBranchCLI not done', cleanup),
      'matched',
    );
    // A quoted message's negation denies nothing of the file: the agent's "idempotent on "not found"".
    assert.equal(outcome('manual_commit_reset.go: idempotent on "not found"', reset), 'matched');
  });

  it('keeps each item of a parenthesised list by the clause the list hangs from, not a list after another file', () => {
    const listed = 'idempotent branch delete everywhere (clean.go, manual_commit_reset.go, common.go)';
    assert.equal(outcome(listed, reset), 'matched');
    assert.equal(outcome('idempotent branch delete (manual_commit_reset.go, common.go)', reset), 'matched');
    assert.notEqual(outcome(listed.replace('idempotent', 'stable'), reset), 'matched');
    // The clause names a file of its own: its words are that file's, not the list's.
    assert.notEqual(
      outcome('cleanup.go idempotent now (clean.go, manual_commit_reset.go)', reset),
      'matched',
    );
    // A parenthesis with no list is a note on the clause, which names no file of it.
    assert.notEqual(outcome('idempotent branch delete (manual_commit_reset.go)', reset), 'matched');
  });

  it('keeps nothing from the same words pasted after every file', () => {
    const pasted = ['cleanup.go', 'manual_commit_reset.go', 'clean.go', 'common.go']
      .map((file) => `${file}: loop idempotent`)
      .join('\n');
    assert.notEqual(outcome(pasted, cleanup), 'matched');
  });

  it("drops exactly that file's probe when its line is deleted from a good handoff", () => {
    const lines = [
      'cleanup.go DeleteShadowBranches: loop DeleteBranchCLI -> deleted[]/failed[]',
      'manual_commit_reset.go Reset: delete via DeleteBranchCLI, idempotent',
    ];
    const kept = (text: string) =>
      all
        .filter((each) => each.kind === 'artifact' && outcome(text, each) === 'matched')
        .map((each) => each.file);
    assert.deepEqual(kept(lines.join('\n')), [CLEANUP, RESET]);
    assert.deepEqual(kept(lines[1]!), [RESET]);
    assert.deepEqual(kept(lines[0]!), [CLEANUP]);
  });
});
