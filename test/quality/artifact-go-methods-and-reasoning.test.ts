/**
 * What an edit introduced, read where the agent says it (issue 39, D109): a Go method (`func (s *Store) Save(`) is a
 * definition as a function is, told by its doc comment; and an agent that narrates only in its reasoning ("Now I need
 * to add the reset logic before the write.") tells the file by those words, as it would by its text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { AssistantMessage, Message } from '../../src/session/types.ts';
import { session, toolCall, toolResult, user } from '../helpers/factories.ts';

const HOOKS = '/repo/strategy/hooks.go';
const STORE = '/repo/strategy/store.go';

const METHOD = [
  '}',
  '',
  '// OnPromptStart checks overlap between the worktree and the shadow branch at prompt start.',
  'func (s *ManualCommitStrategy) OnPromptStart(sessionID string) error {',
  '\treturn nil',
  '}',
].join('\n');

const RESET = [
  '\tbranchExisted := store.ShadowBranchExists(state.BaseCommit)',
  '\tif state.ShouldReset && branchExisted {',
  '\t\tbranchExisted = false',
  '\t}',
].join('\n');

/** One edit of `path` (old text `}`), made with the reasoning `thinking` and the text `text` before the call. */
function edited(path: string, added: string, thinking: string, text?: string): Message[] {
  const call = toolCall('edit', { path, oldText: added.split('\n')[0], newText: added });
  const message: AssistantMessage = {
    role: 'assistant',
    content: [{ type: 'thinking', thinking }, ...(text ? [{ type: 'text' as const, text }] : []), call],
  };
  return [message, toolResult(call, 'Edited.')];
}

/** The artifact probe of `path` derived after the user's request and these edits. */
function artifactOf(path: string, ...edits: Message[][]): Probe | undefined {
  return deriveProbes(
    session([user('Reset the shadow branch when the user dismissed their work.'), ...edits.flat()]),
  ).probes.find((probe) => probe.kind === 'artifact' && probe.file === path);
}

describe('a Go method the edits added', () => {
  it('is the definition that tells the file, by its doc comment', () => {
    const probe = artifactOf(HOOKS, edited(HOOKS, METHOD, 'Let me write it.'));
    assert.deepEqual(probe?.facets, [['OnPromptStart'], ['checks overlap between the worktree']]);
  });

  it('is kept by a line that says what it does, not by its name alone', () => {
    const probe = artifactOf(HOOKS, edited(HOOKS, METHOD, 'Let me write it.'))!;
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      outcome('hooks.go: new OnPromptStart checks overlap between the worktree and the shadow branch.'),
      'matched',
    );
    assert.equal(outcome('OnPromptStart, ManualCommitStrategy, hooks.go'), 'missed');
  });
});

describe('an edit narrated only in the reasoning', () => {
  it("tells the file by the reasoning's words right before the call", () => {
    const probe = artifactOf(
      STORE,
      edited(STORE, RESET, 'I can see SaveChanges. Now I need to add the reset logic before the write.'),
    );
    assert.deepEqual(probe?.facets, [['store.go'], ['add the reset logic before']]);
  });

  it("prefers the agent's text, and a Codex heading, to the reasoning's body", () => {
    const texted = artifactOf(
      STORE,
      edited(STORE, RESET, 'Now I need to add the reset logic.', 'Let me drop the stale shadow branch:'),
    );
    assert.deepEqual(texted?.facets, [['store.go'], ['drop the stale shadow branch']]);
    const headed = artifactOf(
      STORE,
      edited(STORE, RESET, '**Resetting stale shadow branches**\n\nI will add the reset logic.'),
    );
    assert.deepEqual(headed?.facets, [['store.go'], ['Resetting stale shadow branches']]);
  });

  it('gives no probe where the reasoning names only an edit coming', () => {
    assert.equal(artifactOf(STORE, edited(STORE, RESET, 'Now let me make the changes.')), undefined);
  });
});
