import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitConversation } from '../../src/extractive/conversation.ts';
import {
  collectConversationFacts,
  type ConversationTimeline,
} from '../../src/extractive/conversation-facts.ts';
import { createFactStore, type FactStore } from '../../src/extractive/facts.ts';
import { conversationFacts } from '../../src/extractive/replayed-conversation-facts.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, callsTools, context, toolCall, toolResult, user } from '../helpers/factories.ts';

const edit = toolCall('edit', { path: 'src/cli.ts', oldText: 'a', newText: 'b' });
const test = toolCall('bash', { command: 'npm test' });
const conversation = renderMessages(
  [
    user('Add a --json flag to the CLI. Never change the exit codes.'),
    callsTools([edit], 'I will add the flag in src/cli.ts.'),
    toolResult(edit, 'Edited src/cli.ts'),
    callsTools([test]),
    toolResult(test, 'FAIL test/cli.test.ts\nError: expected 0, got 2', true),
    assistant(
      'We decided to keep the exit codes as they are. Next, fix the failing test in test/cli.test.ts.',
    ),
    user('Also make the output stable.'),
  ],
  { toolResultChars: 2000 },
);

/** A store that already holds a fact, as one holding an earlier summary's does. */
function storeWithSummary(): FactStore {
  const store = createFactStore();
  store.add('decision', 'Keep the exit codes as they are.', { position: 2, recency: 0.3, weight: 1 });
  return store;
}

/** What a store holds, every field of every fact and file. */
function contents(store: FactStore) {
  return { facts: store.facts(), files: [...store.files.values()] };
}

describe('extractive: a conversation read once and replayed', () => {
  const timelines: ConversationTimeline[] = [
    { firstPosition: 0, firstRecency: 0, continuation: false },
    { firstPosition: 3, firstRecency: 0.3, continuation: true },
    { firstPosition: 7, firstRecency: 0.3, continuation: false },
  ];

  it('adds what reading the blocks adds, placed on each request’s own timeline, read first or replayed', () => {
    // Every timeline twice: the first of a kind reads the blocks, the others replay what that reading added.
    for (const timeline of [...timelines, ...timelines]) {
      const read = storeWithSummary();
      collectConversationFacts(splitConversation(conversation), read, timeline);
      const replayed = storeWithSummary();
      const facts = conversationFacts(conversation);
      assert.equal(facts.blockCount, splitConversation(conversation).length);
      facts.addTo(replayed, timeline);
      assert.deepEqual(contents(replayed), contents(read), JSON.stringify(timeline));
      assert.ok(contents(read).facts.length > 3, 'the conversation has facts to replay');
    }
  });

  it('reads a conversation once for a first timeline and a continuation, its one request the next step only in the latter', () => {
    // Context first, then the only request: the branches of a reading (the task, the next step) are both recorded.
    const only = renderMessages(
      [
        context('instructions', 'Use pnpm.'),
        user('Port the CLI to Rust. Never drop the --json flag.'),
        assistant('I will start with the argument parser because everything depends on it.'),
      ],
      { toolResultChars: 2000 },
    );
    const facts = conversationFacts(only);
    for (const timeline of [timelines[1]!, timelines[0]!, timelines[2]!, timelines[1]!]) {
      const read = storeWithSummary();
      collectConversationFacts(splitConversation(only), read, timeline);
      const replayed = storeWithSummary();
      facts.addTo(replayed, timeline);
      assert.deepEqual(contents(replayed), contents(read), JSON.stringify(timeline));
      const next = contents(read)
        .facts.filter((fact) => fact.kind === 'next')
        .map((fact) => fact.text);
      assert.equal(next.includes('Port the CLI to Rust. Never drop the --json flag.'), timeline.continuation);
    }
  });

  it('reads a conversation over a MB afresh for each request, with the same facts', () => {
    const long = Array.from(
      { length: Math.ceil((1 << 20) / conversation.length) + 1 },
      () => conversation,
    ).join('\n\n');
    assert.ok(long.length > 1 << 20);
    const read = storeWithSummary();
    collectConversationFacts(splitConversation(long), read, timelines[1]!);
    const replayed = storeWithSummary();
    conversationFacts(long).addTo(replayed, timelines[1]!);
    assert.deepEqual(contents(replayed), contents(read));
  });

  it('reads a continuation apart from a first conversation: its first request is no task', () => {
    const first = createFactStore();
    conversationFacts(conversation).addTo(first, timelines[0]!);
    const continued = createFactStore();
    conversationFacts(conversation).addTo(continued, timelines[1]!);
    const kinds = (store: FactStore) => store.facts().map((fact) => fact.kind);
    assert.ok(kinds(first).includes('task'));
    assert.ok(!kinds(continued).includes('task'));
  });
});
