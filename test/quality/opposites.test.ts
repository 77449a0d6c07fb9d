/**
 * A summary that states the opposite of each fact must count contradictions and keep none of them, while a
 * faithful paraphrase of the same facts keeps every one: on the shipped fixture's reviewed probes (the attack
 * summaries in attacks/, one fact per line), and on derived probes (a rule the user set, ports given to services).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { type Probe, readSidecar } from '../../src/quality/probes.ts';
import { assistant, session, user } from '../helpers/factories.ts';

/** An attack file's lines: `- <probe id>: <sentence>`, by probe id. */
async function statements(file: string): Promise<Map<string, string>> {
  const text = await readFile(fileURLToPath(new URL(`attacks/${file}`, import.meta.url)), 'utf8');
  return new Map(
    [...text.matchAll(/^- ([\w-]+): (.+)$/gm)].map((match) => [match[1]!, match[2]!] as [string, string]),
  );
}

const outcomes = (text: string, probes: readonly Probe[]) => scoreProbes(createMatcher(text), probes);

describe('the opposite of each fact (before-compaction, reviewed probes)', async () => {
  const probes = (await readSidecar(
    fileURLToPath(new URL('../../fixtures/before-compaction.jsonl', import.meta.url)),
  ))!.probes;
  const opposite = await statements('before-compaction-opposite.md');
  const paraphrase = await statements('before-compaction-paraphrase.md');
  const probe = (id: string) => probes.find((candidate) => candidate.id === id)!;

  it('covers twelve facts, each stated both ways', () => {
    assert.equal(opposite.size, 12);
    assert.deepEqual([...paraphrase.keys()].sort(), [...opposite.keys()].sort());
  });

  for (const [id, sentence] of opposite) {
    it(`${id}: "${sentence}" contradicts it; the paraphrase keeps it`, () => {
      assert.equal(probeOutcome(createMatcher(sentence), probe(id)), 'contradicted');
      assert.equal(probeOutcome(createMatcher(paraphrase.get(id)!), probe(id)), 'matched');
    });
  }

  it('the whole opposite summary keeps none of the twelve and counts twelve contradictions', () => {
    const quality = outcomes([...opposite.values()].join('\n'), probes);
    assert.equal(quality.probesMatched, 0);
    assert.equal(quality.contradictions, 12);
    for (const id of opposite.keys()) assert.equal(quality.probeOutcomes[id], 'contradicted', id);
  });

  it('the whole paraphrase keeps all twelve and contradicts none', () => {
    const quality = outcomes([...paraphrase.values()].join('\n'), probes);
    assert.equal(quality.probesMatched, 12);
    assert.equal(quality.contradictions, 0);
  });
});

describe('phrasings the attack files do not use (before-compaction, reviewed probes)', async () => {
  const probes = (await readSidecar(
    fileURLToPath(new URL('../../fixtures/before-compaction.jsonl', import.meta.url)),
  ))!.probes;
  const outcome = (id: string, text: string) =>
    probeOutcome(
      createMatcher(text),
      probes.find((candidate) => candidate.id === id)!,
    );

  it('a contradiction phrase said in the passive contradicts: "decimal.js was added"', () => {
    assert.equal(outcome('no-new-dependencies', 'decimal.js was added.'), 'contradicted');
    assert.equal(
      outcome('no-new-dependencies', 'For the rounding, decimal.js got installed.'),
      'contradicted',
    );
    assert.equal(
      outcome('rounding-keep-signature', 'The signature of computeInvoiceTotals was changed.'),
      'contradicted',
    );
    assert.equal(
      outcome('webhook-ack-rule', 'Every event is acknowledged with a 200 so that Stripe stops retrying.'),
      'contradicted',
    );
    // "uses OFFSET" in the past tense is what the code did before the change, not the opposite of the decision.
    assert.equal(
      outcome(
        'stream-export-decision',
        'OFFSET was used before; streamInvoicesCsv now uses keyset pagination.',
      ),
      'matched',
    );
  });

  it('a negation of the other option before a comma leaves the decision stated', () => {
    for (const sentence of [
      'streamInvoicesCsv: no more OFFSET, keyset pagination instead.',
      'Keyset pagination, not OFFSET, in streamInvoicesCsv.',
      'streamInvoicesCsv uses keyset pagination, OFFSET was rejected.',
      'After "TS2305: has no exported member", streamInvoicesCsv uses keyset pagination.',
    ])
      assert.equal(outcome('stream-export-decision', sentence), 'matched', sentence);
    assert.equal(
      outcome('stream-export-decision', 'streamInvoicesCsv: keyset pagination was rejected, OFFSET kept.'),
      'contradicted',
    );
  });

  it('"not only … but also" states what follows it', () => {
    assert.equal(
      outcome(
        'stream-export-decision',
        'streamInvoicesCsv not only uses keyset pagination but also reads batches of 1,000.',
      ),
      'matched',
    );
    assert.equal(
      outcome('no-new-dependencies', 'Not only new dependencies but also decimal.js itself were fine.'),
      'contradicted',
    );
  });

  it('a number in another unit with the same value states the fact; another value contradicts it', () => {
    const task = 'Make GET /reports/invoices.csv stream: it times out at the';
    assert.equal(outcome('stream-export-task', `${task} 30000 ms gateway limit.`), 'matched');
    assert.equal(outcome('stream-export-task', `${task} 60000 ms gateway limit.`), 'contradicted');
    assert.equal(outcome('stream-export-memory-limit', 'The pods have a 0.5 GiB memory limit.'), 'matched');
    assert.equal(outcome('stream-export-memory-limit', 'The pods have a 2 GB memory limit.'), 'contradicted');
    const timeout: Probe = {
      id: 'timeout',
      kind: 'constraint',
      question: 'How long may a health check take?',
      answer: 'A health check must answer within 0.7 s.',
      facets: [['health check'], ['0.7 s']],
      contradictions: [],
      source: 'derived',
    };
    // 700 × 0.001 is 0.7000000000000001 in floating point: still the same value.
    assert.equal(probeOutcome(createMatcher('The health check has 700 ms to answer.'), timeout), 'matched');
    assert.equal(
      probeOutcome(createMatcher('The health check has 900 ms to answer.'), timeout),
      'contradicted',
    );
  });
});

describe('the opposite of a derived fact', () => {
  it('a rule the user set: "feel free to modify the theme" contradicts "don\'t modify the theme"', () => {
    const { probes } = deriveProbes(
      session([
        user("Fix the spacing of the header in the settings page. Don't modify the theme, only the header."),
        assistant('I will fix the header spacing without touching the theme.'),
      ]),
    );
    const rule = probes.find((probe) => probe.kind === 'constraint' && /theme/.test(probe.answer))!;
    assert.ok(rule, 'a constraint probe about the theme');
    assert.equal(probeOutcome(createMatcher('Feel free to modify the theme.'), rule), 'contradicted');
    assert.equal(probeOutcome(createMatcher('We may modify the theme as needed.'), rule), 'contradicted');
    assert.equal(probeOutcome(createMatcher('The user said not to modify the theme.'), rule), 'matched');
    assert.equal(probeOutcome(createMatcher('Never modify the theme; only the header.'), rule), 'matched');
  });

  it('ports given to services: every port on the wrong service keeps none and contradicts each', () => {
    const { probes } = deriveProbes(
      session([
        user('Run the api on port 8080, the worker on port 8081, redis on port 6379 in docker-compose.yml.'),
        assistant('Writing docker-compose.yml with those ports.'),
      ]),
    );
    const ports = probes.filter((probe) => probe.kind === 'number');
    assert.deepEqual(
      ports.map((probe) => probe.facets),
      [
        [['api'], ['port 8080']],
        [['worker'], ['port 8081']],
        [['redis'], ['port 6379']],
      ],
    );
    const swapped = outcomes(
      'The api runs on port 6379, the worker on port 8080 and redis on port 8081.',
      ports,
    );
    assert.equal(swapped.probesMatched, 0);
    assert.equal(swapped.contradictions, 3);
    const faithful = outcomes('Ports: api on port 8080, worker on port 8081, redis on port 6379.', ports);
    assert.equal(faithful.probesMatched, 3);
    assert.equal(faithful.contradictions, 0);
    assert.equal(outcomes('Port 8080 is the api; redis listens on port 6379.', ports).probesMatched, 2);
  });
});

describe('contradictions that cannot be measured', () => {
  it('are null when no probe has an opposite (tasks, errors, a lone number), and counted when one has', () => {
    const probe = (kind: string, facets: string[][], contradictions: string[] = []): Probe => ({
      id: kind,
      kind,
      question: '?',
      answer: facets.map((facet) => facet[0]).join(' '),
      facets,
      contradictions,
      source: 'derived',
    });
    const task = probe('task', [['retry budget'], ['http client']]);
    const error = probe('error', [["Cannot find name 'roundHalfUp'"]]);
    const lone = probe('number', [['100 lines']]);
    assert.equal(outcomes('anything', [task, error, lone]).contradictions, null);
    const rule = probe('constraint', [['keep its signature']]);
    assert.equal(outcomes('anything', [task, rule]).contradictions, 0);
  });
});
