/**
 * A changed file told by the definitions its edits changed (issue 39, D113): the function, type or section the
 * replaced text stood inside, read from the file as the agent last saw it, or from a patch's hunk headers; what told the
 * file before (the commit's title) stays a spelling beside them. A list of paths or of names keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changedDefinitions, type FileEdit } from '../../src/quality/derive/changed-definitions.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const CLEANUP = '/repo/strategy/cleanup.go';

// The file as Claude Code's read returns it: numbered lines.
const CLEANUP_READ = [
  '   115→}',
  '   116→',
  '   117→// DeleteShadowBranches deletes the specified branches from the repository.',
  '   118→func DeleteShadowBranches(branches []string) (deleted []string, failed []string, err error) {',
  '   119→\trepo, err := OpenRepository()',
  '   120→\tfor _, branch := range branches {',
  '   121→\t\tif err := repo.Storer.RemoveReference(ref); err != nil {',
  '   122→\t\t\tfailed = append(failed, branch)',
  '   123→\t\t}',
  '   124→\t}',
  '   125→\treturn deleted, failed, nil',
  '   126→}',
].join('\n');

/** An edit of `path` replacing `removed` with `added`, made at message `index`. */
function edit(path: string, removed: string, added: string, index = 2): FileEdit {
  return {
    index,
    call: toolCall('edit', { path, oldText: removed, newText: added }),
    change: { added, removed },
  };
}

describe('the definitions an edit changed', () => {
  it('are the function its replaced text stood inside, read from the numbered read before it', () => {
    const replaced = '\t\tif err := repo.Storer.RemoveReference(ref); err != nil {';
    const names = changedDefinitions(
      CLEANUP,
      [edit(CLEANUP, replaced, '\t\tif err := DeleteBranchCLI(branch); err != nil {')],
      [{ index: 1, text: CLEANUP_READ }],
    );
    assert.deepEqual(names, ['DeleteShadowBranches']);
  });

  it('are none where the replaced text is in no read and no earlier edit', () => {
    const names = changedDefinitions(CLEANUP, [edit(CLEANUP, '\tunknownLine(x, y)', '\tother(x)')], []);
    assert.deepEqual(names, []);
  });

  it('are the one whose opening line the edit replaced, and a patch hunk header names its own', () => {
    const signature = edit(
      '/repo/store.go',
      'func (s *Store) Save(id string) error {',
      'func (s *Store) Save(ctx context.Context, id string) error {',
    );
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/store.go',
      '@@ func (s *Store) Load(id string) error {',
      '-\treturn nil',
      '+\treturn s.cache.Load(id)',
      '*** End Patch',
    ].join('\n');
    const hunk: FileEdit = {
      index: 4,
      call: toolCall('apply_patch', { input: patch }),
      change: { added: '\treturn s.cache.Load(id)', removed: '\treturn nil' },
    };
    assert.deepEqual(changedDefinitions('/repo/store.go', [signature, hunk], []), ['Save', 'Load']);
  });

  it('are a Markdown section by its heading, and never the module a file is', () => {
    const notes = '## Install\n\nRun make.\n\n## Usage\n\nCall the tool with --flag and a path.\n';
    assert.deepEqual(
      changedDefinitions(
        '/repo/README.md',
        [edit('/repo/README.md', 'Call the tool with --flag and a path.', 'Call it.')],
        [{ index: 1, text: notes }],
      ),
      ['Usage'],
    );
    const module =
      'defmodule SpotterWeb.SessionLive do\n  alias Spotter.Transcripts.Session\n  alias Spotter.Old\n';
    assert.deepEqual(
      changedDefinitions(
        '/repo/session_live.ex',
        [edit('/repo/session_live.ex', '  alias Spotter.Old', '')],
        [{ index: 1, text: module }],
      ),
      [],
    );
  });
});

const COMMIT = 'git add -A && git commit -m "Fix entire clean logging leak"';

/** The user's request, a read of cleanup.go, the edit inside DeleteShadowBranches, and the commit that took it in. */
function cleanupSession(): Message[] {
  const read = toolCall('read', { path: CLEANUP });
  const change = toolCall('edit', {
    path: CLEANUP,
    oldText: '\t\tif err := repo.Storer.RemoveReference(ref); err != nil {',
    newText: '\t\tif err := DeleteBranchCLI(branch); err != nil {',
  });
  const shell = toolCall('bash', { command: COMMIT });
  return [
    user('entire clean --force says the shadow branches are gone, but they stay. Please fix it.'),
    callsTools([read], 'Let me look at the cleanup code.'),
    toolResult(read, CLEANUP_READ),
    callsTools([change], 'Now DeleteShadowBranches in cleanup.go deletes each branch through the git CLI.'),
    toolResult(change, 'Edited.'),
    callsTools([shell]),
    toolResult(shell, '[main 1a2b3c4] commit\n 1 file changed, 1 insertion(+), 1 deletion(-)'),
  ];
}

/** The artifact probe of cleanup.go derived from `messages`. */
function cleanupProbe(messages: Message[]): Probe | undefined {
  return deriveProbes(session(messages)).probes.find(
    (probe) => probe.kind === 'artifact' && probe.file === CLEANUP,
  );
}

describe('a changed file told by the definitions its edits changed', () => {
  it('names the file with the changed function after it, beside what told the file before', () => {
    const probe = cleanupProbe(cleanupSession());
    assert.deepEqual(probe?.facets, [
      ['cleanup.go'],
      ['Fix entire clean logging leak', 'cleanup.go DeleteShadowBranches'],
    ]);
  });

  it('is kept by a handoff line naming both, and not by a path list or a name bag', () => {
    const probe = cleanupProbe(cleanupSession())!;
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      outcome('- strategy/cleanup.go, DeleteShadowBranches: each branch goes through DeleteBranchCLI.'),
      'matched',
    );
    assert.equal(outcome('/repo/strategy/cleanup.go\n/repo/strategy/common.go'), 'missed', 'path list');
    assert.equal(
      outcome(
        '/repo/strategy/cleanup.go\n/repo/strategy/common.go\nDeleteShadowBranches, DeleteBranchCLI, RemoveReference',
      ),
      'missed',
      'name bag',
    );
  });
});
