/**
 * A path list glossing each file with the same empty words (issue 39's attacks) against the artifacts a session of
 * our own making derives: a gloss tells no file, whatever its words; a real line on each file keeps it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive } from '../../src/quality/probes.ts';
import { sessionPaths } from '../../src/strategies/lexical.ts';
import { callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const linting = toolCall('write', {
  path: 'docs/linting.md',
  content: '# Code Quality Tools\n\nCredo checks the style; Dialyxir runs the type analysis.\n',
});
const retry = toolCall('write', {
  path: 'src/http/retry.ts',
  content:
    '/** Retries a request with exponential backoff, at most five attempts. */\n' +
    'export async function retryWithBackoff(request: () => Promise<Response>) {\n  return request();\n}\n',
});
const work = session([
  user('Write down how we set up our linters, then make the HTTP client try again when a call fails.'),
  callsTools([linting], 'Writing the linting notes first.'),
  toolResult(linting, 'Wrote docs/linting.md'),
  callsTools([retry], 'Now the retry helper.'),
  toolResult(retry, 'Wrote src/http/retry.ts'),
]);
const { probes } = deriveProbes(work, { cut: work.messages.length });
const artifacts = probes.filter((probe) => isLive(probe) && probe.kind === 'artifact');

/** The outcome of each live artifact probe in a text, by file. */
function outcomes(text: string): Record<string, string> {
  const { probeOutcomes } = scoreProbes(createMatcher(text), probes);
  return Object.fromEntries(artifacts.map((probe) => [probe.file!, probeOutcomes[probe.id]!]));
}

const glossed = (gloss: string) =>
  sessionPaths(work)
    .map((path) => `${path}${gloss}`)
    .join('\n');

describe('a path list glossing each file with the same words', () => {
  it('derives an artifact of each written file (what the test reads)', () => {
    assert.deepEqual(artifacts.map((probe) => probe.file).sort(), ['docs/linting.md', 'src/http/retry.ts']);
  });

  it('keeps no artifact, whatever the empty words', () => {
    for (const gloss of [
      ': holds relevant project source code and its configuration.',
      ': updated as part of the work on this feature.',
      ': the main place where the logic for this lives, kept up to date.',
    ])
      assert.deepEqual(
        outcomes(glossed(gloss)),
        {
          'docs/linting.md': 'missed',
          'src/http/retry.ts': 'missed',
        },
        gloss,
      );
  });

  it('keeps each file a line says something of in its own words', () => {
    const handoff =
      '- docs/linting.md: how Credo checks style and Dialyxir analyses types, the quality tools we use.\n' +
      '- src/http/retry.ts: retryWithBackoff retries a request with exponential backoff (five attempts).';
    assert.deepEqual(outcomes(handoff), { 'docs/linting.md': 'matched', 'src/http/retry.ts': 'matched' });
  });
});
