/**
 * An artifact kept by a name its edits put in, said of the file in prose (derive/added-names.ts, added-name.ts): a
 * terse line "manual_commit_migration.go: old shadow br deleted w/ DeleteBranchCLI" keeps the file whatever commit
 * title its facet took. Attacked with what must not pass: the path list, the identifier bag with and without commas
 * (and its two common words), the name without the file, the name denied or said of another file, the fact stated as
 * false, and a handoff with one file's line deleted; a name the user's plan wrote beside the file is the request's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const MIGRATION = 'cmd/cli/strategy/manual_commit_migration.go';
const SESSIONS_FIX = 'cmd/cli/sessions_fix.go';

/**
 * A session of our own making: the agent changes two files under one commit with no words of its own for either;
 * the user's plan names the helper one of them is to call.
 */
function migrationSession() {
  const migration = toolCall('edit', {
    path: MIGRATION,
    oldText: '\tif err := repo.Storer.RemoveReference(oldRef); err != nil {\n\t\treturn err\n\t}',
    newText:
      '\tif err := DeleteBranchCLI(ctx, oldShadowName); err != nil {\n\t\tlogging.Warn(ctx, "cleanup", "err", err)\n\t}',
  });
  const sessionsFix = toolCall('edit', {
    path: SESSIONS_FIX,
    oldText: '\treturn repo.Storer.RemoveReference(ref)',
    newText: '\treturn strategy.DeleteBranchCLI(ctx, shadowBranch)',
  });
  const commit = toolCall('bash', { command: 'git commit -am "Fix shadow branch cleanup"' });
  // Other work around it: the names of the change are then rare in the session, as in a real one.
  const other = Array.from({ length: 30 }, (_, at) => {
    const run = toolCall('bash', { command: `go test ./cmd/cli/parser/case${at}` });
    return [callsTools([run], `Checking parser case ${at}.`), toolResult(run, `ok parser case ${at}`)];
  }).flat();
  return session([
    user(
      'old shadow branches survive the migration, please fix it.\n`sessions_fix.go` can call `strategy.DeleteBranchCLI()` too.',
    ),
    ...other,
    callsTools([migration], 'Next file.'),
    toolResult(migration, `The file ${MIGRATION} has been updated successfully.`),
    callsTools([sessionsFix], 'And this one.'),
    toolResult(sessionsFix, `The file ${SESSIONS_FIX} has been updated successfully.`),
    callsTools([commit], 'Committing.'),
    toolResult(commit, '[main 22c57db] Fix shadow branch cleanup\n 2 files changed'),
    user('thanks, open the PR'),
  ]);
}

/** The artifact probes derived for the two files. */
function probes(): { migration: Probe; sessionsFix: Probe } {
  const all = deriveProbes(migrationSession()).probes;
  const migration = all.find((found) => found.file === MIGRATION);
  const sessionsFix = all.find((found) => found.file === SESSIONS_FIX);
  assert.ok(migration && sessionsFix, 'an artifact probe for each file');
  return { migration, sessionsFix };
}

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('an artifact kept by a name its edits put in, said of the file in prose', () => {
  const { migration, sessionsFix } = probes();

  it('takes the names the edits added and replaced nothing of, not those the user wrote beside the file', () => {
    assert.deepEqual(migration.names, ['DeleteBranchCLI', 'oldShadowName']);
    // The user's plan line names sessions_fix.go with strategy.DeleteBranchCLI: the request's, not the work's.
    assert.deepEqual(sessionsFix.names, ['shadowBranch']);
    assert.deepEqual(migration.facets[1], ['Fix shadow branch cleanup']);
  });

  it('keeps the file by a terse line that says the name of it in prose, in backticks too', () => {
    const line = 'manual_commit_migration.go: old shadow br deleted w/ DeleteBranchCLI, fail = warning only.';
    assert.equal(outcome(line, migration), 'matched');
    assert.equal(
      outcome('- manual_commit_migration.go now deletes via `DeleteBranchCLI`', migration),
      'matched',
    );
    // Before the change the line kept nothing: the facet is the commit title and no told word is there.
    assert.notEqual(outcome(line, { ...migration, names: undefined }), 'matched');
  });

  it('keeps nothing from a path list, an identifier bag or the name without the file', () => {
    assert.notEqual(outcome(`${MIGRATION}\n${SESSIONS_FIX}`, migration), 'matched');
    assert.notEqual(
      outcome('manual_commit_migration.go, DeleteBranchCLI, oldShadowName, RemoveReference', migration),
      'matched',
    );
    // The bag with no commas and two of the session's common words: a run of names says nothing of the file.
    assert.notEqual(
      outcome(
        'manual_commit_migration.go DeleteBranchCLI oldShadowName RemoveReference logging shadow branch',
        migration,
      ),
      'matched',
    );
    assert.notEqual(
      outcome('Old shadow branches are now deleted with DeleteBranchCLI.', migration),
      'matched',
    );
  });

  it("keeps nothing where the name is denied, another file's, or the fact is stated as false", () => {
    assert.notEqual(
      outcome('manual_commit_migration.go no longer calls DeleteBranchCLI.', migration),
      'matched',
    );
    assert.notEqual(
      outcome(
        'manual_commit_migration.go: untouched. cleanup.go: deletes via DeleteBranchCLI now.',
        migration,
      ),
      'matched',
    );
    assert.notEqual(
      outcome(`It is false that ${migration.statement ?? migration.answer}`, migration),
      'matched',
    );
  });

  it('a handoff with one file deleted loses exactly that file', () => {
    const both = [
      'manual_commit_migration.go: old shadow br deleted w/ DeleteBranchCLI, fail = warning only.',
      'sessions_fix.go: ref removal swapped for a CLI delete of shadowBranch.',
    ];
    assert.equal(outcome(both.join('\n'), migration), 'matched');
    assert.equal(outcome(both.join('\n'), sessionsFix), 'matched');
    assert.notEqual(outcome(both[1]!, migration), 'matched');
    assert.equal(outcome(both[1]!, sessionsFix), 'matched');
  });
});
