import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AHEAD_CHARS, renderTranscriptAhead, transcriptHtml } from '../../src/report/html/transcript.ts';
import { loadSession } from '../../src/session/load.ts';

const fixture = fileURLToPath(new URL('../../fixtures/before-compaction.jsonl', import.meta.url));

describe('renderTranscriptAhead', () => {
  it('gives the page the very section it would render, once', async () => {
    const { messages } = await loadSession(fixture);
    const fresh = [...transcriptHtml(messages)];
    assert.ok(fresh.length > 10);
    renderTranscriptAhead(messages);
    assert.deepEqual([...transcriptHtml(messages)], fresh);
    // A second page renders it again, the same.
    assert.deepEqual([...transcriptHtml(messages)], fresh);
  });

  it('gives the section rendered ahead to every page, the reports rendered ahead to warm up and the page written', async () => {
    const { messages } = await loadSession(fixture);
    renderTranscriptAhead(messages);
    const ahead = [...transcriptHtml(messages)];
    // A loaded session is frozen in a run; here a message changed after the section was rendered ahead tells
    // whether a page took that section or rendered the transcript again.
    const index = messages.findIndex((message) => message.role === 'user');
    const changed = { ...messages[index]!, content: [{ type: 'text' as const, text: 'rendered again' }] };
    (messages as typeof messages & unknown[])[index] = changed as (typeof messages)[number];
    const written = [...transcriptHtml(messages)];
    assert.deepEqual(written, ahead);
    assert.ok(!written.join('').includes('rendered again'));
  });

  it('leaves a section longer than its bound to its page, which renders it as before', async () => {
    const { messages } = await loadSession(fixture);
    const long = Array.from({ length: Math.ceil(AHEAD_CHARS / 1_000) + 1 }, () => ({
      role: 'user' as const,
      content: [{ type: 'text' as const, text: 'x'.repeat(1_000) }],
    }));
    const session = [...messages, ...long] as typeof messages;
    renderTranscriptAhead(session);
    const pieces = [...transcriptHtml(session)];
    assert.equal(pieces.length, session.length + 2);
    assert.ok(pieces.join('').length > AHEAD_CHARS);
  });

  it('renders nothing for a page rebuilt without the transcript, or an empty one', () => {
    assert.deepEqual([...transcriptHtml(undefined)], []);
    renderTranscriptAhead([]);
    assert.deepEqual([...transcriptHtml([])], []);
  });
});
