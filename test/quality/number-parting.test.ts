/** A text's number matches parted once per value (number-parting.ts) answer every probe as its own reading did. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

const port = (service: string, value: string): Probe => ({
  id: service,
  kind: 'number',
  question: `Which port does the ${service} use?`,
  answer: `port ${value}`,
  facets: [[service], [`port ${value}`]],
  contradictions: [],
  source: 'sidecar',
});

const ports = [port('api', '8080'), port('worker', '8081'), port('redis', '6379'), port('proxy', '8080')];

// Long enough that its look-ups go through the needle and number indexes, as a long context's do.
const padding = 'The build ran again and nothing else changed. '.repeat(60);

const texts = {
  faithful: `Ports: api on port 8080, worker on port 8081, redis on port 6379. ${padding}`,
  swapped: `${padding} The api runs on port 6379, the worker on port 8080 and redis on port 8081.`,
  some: `${padding} Port 8080 is the api; redis listens on port 6379, not port 8081. ${padding}`,
};

describe('number values parted once per text', () => {
  it('give each probe the outcome its own index gives, whichever probe with the pattern asks first', () => {
    for (const [name, text] of Object.entries(texts)) {
      const alone = ports.map((probe) => probeOutcome(createMatcher(text), probe));
      for (const order of [ports, [...ports].reverse()]) {
        const shared = createMatcher(text);
        const outcomes = new Map(order.map((probe) => [probe, probeOutcome(shared, probe)]));
        assert.deepEqual(
          ports.map((probe) => outcomes.get(probe)),
          alone,
          name,
        );
      }
    }
  });

  it('read each value where it stands (the outcomes the scorer gave before the parting)', () => {
    const outcomes = (text: string) => ports.map((probe) => probeOutcome(createMatcher(text), probe));
    assert.deepEqual(outcomes(texts.faithful), ['matched', 'matched', 'matched', 'missed']);
    assert.deepEqual(outcomes(texts.swapped), ['contradicted', 'contradicted', 'contradicted', 'missed']);
  });
});
