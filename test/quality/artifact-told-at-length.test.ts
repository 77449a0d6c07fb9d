/**
 * A file a handoff labels and then tells in its own words ("chunking.go: ChunkJSONL returns an empty slice for empty
 * input") keeps its artifact probe whole, though the probe holds the commit's subject ("address review comments"),
 * which says nothing of the file (src/quality/artifact-described.ts `tellsArtifactAtLength`). Attacked with what must
 * not pass: a path list, an identifier bag, a log of reads and edits, an error line, the description denied, the
 * file in a sentence of its own, the user's messages naming it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tellsArtifactAtLength } from '../../src/quality/artifact-described.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { indexMeaning } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A session where the agent edits two files for a review and commits both under one subject. */
function reviewFixes(request = 'Copilot made a second pass over the PR; handle its points.'): Message[] {
  const chunking = toolCall('edit', {
    path: '/repo/agent/chunking.go',
    oldText: 'return nil, nil',
    newText: 'return []string{}, nil',
  });
  const gemini = toolCall('edit', {
    path: '/repo/agent/gemini.go',
    oldText: 'return chunks, nil',
    newText: 'if len(chunks) == 0 {\n\treturn nil, errNoChunks\n}\nreturn chunks, nil',
  });
  const commit = toolCall('bash', {
    command:
      'git add agent/chunking.go agent/gemini.go && git commit -m "address additional review comments"',
  });
  return [
    user(request),
    callsTools([chunking]),
    toolResult(chunking, 'The file /repo/agent/chunking.go has been updated.'),
    callsTools([gemini]),
    toolResult(gemini, 'The file /repo/agent/gemini.go has been updated.'),
    callsTools([commit]),
    toolResult(commit, '[soph/chunking d1b15fb] address additional review comments\n 2 files changed'),
    assistant('Both comments are fixed and committed as d1b15fb.'),
  ];
}

/** The live artifact probe of a file. */
function artifactOf(messages: Message[], file: string): Probe {
  const { probes } = deriveProbes(session(messages));
  const probe = probes.find((probe) => probe.kind === 'artifact' && probe.file?.endsWith(file));
  assert.ok(probe, `an artifact probe of ${file}`);
  return probe;
}

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('a file labelled and told in the writer’s own words', () => {
  const chunking = artifactOf(reviewFixes(), 'chunking.go');
  const gemini = artifactOf(reviewFixes(), 'gemini.go');

  it('holds the commit subject, which a handoff telling the file does not repeat', () => {
    assert.ok(chunking.facets.flat().includes('address additional review comments'));
  });

  it('is kept whole where the handoff tells what the file now holds', () => {
    const handoff =
      '- chunking.go: ChunkJSONL returns an empty slice for empty input.\n' +
      '- gemini.go: ChunkTranscript still skips single messages that will not marshal.';
    assert.equal(outcome(handoff, chunking), 'matched');
    assert.equal(outcome(handoff, gemini), 'matched');
  });

  it('keeps nothing of a path list, an identifier bag or a log of reads and edits', () => {
    assert.equal(outcome('agent/chunking.go\nagent/gemini.go', chunking), 'missed');
    assert.equal(outcome('chunking.go, ChunkJSONL, gemini.go, ChunkTranscript, d1b15fb', chunking), 'missed');
    assert.equal(outcome('- `/repo/agent/chunking.go` — read, edited, written', chunking), 'missed');
    assert.equal(
      tellsArtifactAtLength(indexMeaning('- chunking.go: read, edited, written'), chunking),
      false,
    );
  });

  it('does not tell it from an error line, a denied description or two words', () => {
    const told = (text: string) => tellsArtifactAtLength(indexMeaning(text), chunking);
    assert.equal(told('chunking.go: error: undefined function ChunkJSONL returns empty slice'), false);
    assert.equal(told('chunking.go: it does not return an empty slice for empty input.'), false);
    assert.equal(told('chunking.go: empty slice.'), false);
    assert.equal(told('chunking.go: ChunkJSONL returns an empty slice for empty input.'), true);
  });

  it('reads a name inside a sentence as before: half, not whole', () => {
    assert.equal(
      outcome('The agent then changed chunking.go so that an empty input gives an empty slice.', chunking),
      'partial',
    );
  });

  it('earns nothing where the user named the file that way: the user’s messages copied keep no half', () => {
    const request = 'Copilot says chunking.go: ChunkJSONL returns nil for empty input; fix it and commit.';
    const probe = artifactOf(reviewFixes(request), 'chunking.go');
    assert.equal(probe.partialCredit, false);
    assert.equal(outcome(request, probe), 'missed');
    assert.equal(
      outcome('- chunking.go: ChunkJSONL returns an empty slice for empty input.', probe),
      'missed',
    );
  });
});
