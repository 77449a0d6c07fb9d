/**
 * A file the user asked for by what its first definition says (derive.ts, `withoutRequestedResults`; artifacts.ts,
 * `laterDescriptionsOf`): its probe is told by the next definition of code the agent wrote whose description the
 * user's words do not state, not dropped. Attacked with what must not pass: the user's messages verbatim, a path list,
 * an identifier bag, the path list glossed with empty words, the change denied; and a plan document the user dictated
 * keeps no probe by its next heading.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

// The user's plan names the file and dictates its payload type, as wingman's plan did ("**New file: `…/wingman.go`**").
const PLAN = [
  'Implement the following plan: wingman auto-review.',
  '',
  '**New file: `src/wingman.go`**',
  '- `WingmanPayload` (session ID, repo root, modified files): the data passed to the detached review subprocess',
  '- `entire wingman` command group: enable, disable, status',
  '',
  '**Spawning**: detach the review so the hook returns at once.',
].join('\n');

const WINGMAN = [
  'package cli',
  '',
  '// WingmanPayload is the data passed to the detached review subprocess.',
  'type WingmanPayload struct {',
  '\tSessionID string',
  '\tFiles []string',
  '}',
  '',
  '// computeFilesHash digests the sorted paths with SHA-256 into a hex key, so one change set is reviewed once.',
  'func computeFilesHash(files []string) string {',
  '\tsorted := append([]string(nil), files...)',
  '\tsort.Strings(sorted)',
  '\treturn hex.EncodeToString(sha256.Sum256([]byte(strings.Join(sorted, "\\x00"))))',
  '}',
].join('\n');

// Two more files of the work, so that the statements are weighed among a session's, not alone.
const REVIEW = [
  'package cli',
  '',
  '// runWingmanReview calls the claude CLI on the diff and writes REVIEW.md for the next prompt.',
  'func runWingmanReview(payload WingmanPayload) error {',
  '\treturn nil',
  '}',
].join('\n');
const SPAWN = [
  'package cli',
  '',
  '// spawnDetachedWingmanReview starts the review in its own process group, so the hook returns at once.',
  'func spawnDetachedWingmanReview(payload WingmanPayload) {',
  '}',
].join('\n');

/** The user's request, the agent's writes of the three files (the first with `content`), and its report. */
function written(request: string, path: string, content: string) {
  const writes = [
    toolCall('write', { path, content }),
    toolCall('write', { path: 'src/wingman_review.go', content: REVIEW }),
    toolCall('write', { path: 'src/wingman_spawn.go', content: SPAWN }),
  ];
  return session([
    user(request),
    ...writes.flatMap((write) => [
      callsTools([write]),
      toolResult(write, `File created successfully at ${String(write.arguments['path'])}`),
    ]),
    assistant('Done: the review payload, its hash and the detached review are in place.'),
  ]);
}

const artifactsOf = (request: string, path: string, content: string): Probe[] =>
  deriveProbes(written(request, path, content)).probes.filter(
    (probe) => probe.kind === 'artifact' && probe.file === path,
  );

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('a file the user asked for by its first definition', () => {
  const [probe, ...others] = artifactsOf(PLAN, 'src/wingman.go', WINGMAN);

  it('is told by the next definition the user did not dictate', () => {
    assert.equal(others.length, 0);
    assert.ok(probe, 'wingman.go has an artifact probe');
    assert.equal(probe.file, 'src/wingman.go');
    assert.deepEqual(probe.facets[0], ['computeFilesHash']);
    assert.match(probe.facets[1]![0]!, /digests the sorted paths/);
    assert.equal(probe.live, true);
  });

  it('is kept by a line that says what the agent wrote', () => {
    assert.equal(
      outcome(
        'wingman.go: computeFilesHash digests the sorted paths into a SHA-256 key, so a change set is reviewed once.',
        probe!,
      ),
      'matched',
    );
  });

  it('keeps nothing of the user messages, a path list, an identifier bag or empty glosses', () => {
    assert.notEqual(outcome(PLAN, probe!), 'matched');
    assert.equal(outcome('src/wingman.go\nsrc/wingman_test.go', probe!), 'missed');
    assert.equal(outcome('wingman.go, WingmanPayload, computeFilesHash, SessionID, Files', probe!), 'missed');
    assert.equal(
      outcome('src/wingman.go: holds relevant project source code and its configuration.', probe!),
      'missed',
    );
  });

  it('keeps nothing when the change is denied', () => {
    assert.notEqual(
      outcome('It is false that computeFilesHash digests the sorted paths into a SHA-256 key.', probe!),
      'matched',
    );
  });

  it('is told by its first definition where the user did not dictate it', () => {
    const [own] = artifactsOf('Add the wingman auto-review.', 'src/wingman.go', WINGMAN);
    assert.deepEqual(own?.facets[0], ['WingmanPayload']);
  });

  it('has no probe where every definition is what the user dictated', () => {
    const dictated =
      `${PLAN}\n- ` + '`computeFilesHash`' + `: digests the sorted paths with SHA-256 into a hex key`;
    assert.deepEqual(artifactsOf(dictated, 'src/wingman.go', WINGMAN), []);
  });

  it('gives a plan document the user dictated no probe by its next heading, only its made change', () => {
    const plan = [
      '# Coding Agent Refactoring Plan',
      '',
      '## Architecture Overview',
      '',
      'The agent session sits between the modes and the transport layer.',
      '',
      '## Work Packages',
      '',
      '- [ ] WP1: extract the bash executor',
    ].join('\n');
    const request =
      'Create a full implementation plan for the coding agent refactoring in docs/refactor.md, with work packages.';
    // The document made as asked is a made change (D133), read only where it is said made, not a heading's probe.
    const probes = artifactsOf(request, 'docs/refactor.md', plan);
    assert.deepEqual(
      probes.map((probe) => [probe.facets, probe.made !== undefined]),
      [[[['refactor.md'], ['Coding Agent Refactoring Plan']], true]],
    );
    assert.equal(outcome(request, probes[0]!), 'missed');
  });
});
