/**
 * The human-labelled yardstick in calibration/cuts/ holds together: every summary labels every fact with
 * a known verdict, stored texts match their sha256, evidence points inside the transcript, the flawed
 * handoffs carry the flaws they declare, and calibration/README.md shows the recall the labels give. The held-out
 * cuts stay blind: beyond their split, no test reads them. When ../shared/real-sessions/
 * is present, each referenced transcript still has the sha256 the labels were made on.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type Label,
  loadCuts,
  recallRows,
  recallTable,
  withTailCredit,
} from '../scripts/calibration-recall.ts';

const KINDS = ['task', 'constraint', 'preference', 'decision', 'artifact', 'state', 'next-step', 'error'];
const LABELS: Label[] = ['kept', 'partial', 'lost', 'contradicted'];
const SOURCES = [
  'recorded',
  'handwritten-faithful',
  'handwritten-terse',
  'handwritten-vague',
  'handwritten-flawed',
  'strategy',
  'trick',
];
const EXTRACT_RULES = ['verbatim-entries', 'user-messages-verbatim'];
const README = fileURLToPath(new URL('../calibration/README.md', import.meta.url));
const SHARED = fileURLToPath(new URL('../../shared/real-sessions/', import.meta.url));

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
// The held-out cuts stay blind: no test reads more of them than the split that says they are held out.
const tuning = loadCuts().filter((cut) => cut.split !== 'held-out');

/** A Markdown table row's cells, trimmed. */
const cells = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

describe('calibration yardstick', () => {
  it('has at least 3 sessions and 30 labelled summaries, each cut file named for its id', () => {
    assert.ok(new Set(tuning.map((cut) => cut.session.sha256)).size >= 3);
    assert.ok(tuning.flatMap((cut) => cut.summaries).length >= 30);
    for (const cut of tuning) assert.equal(cut.schemaVersion, 1, cut.id);
  });

  for (const cut of tuning) {
    describe(cut.id, () => {
      it('places the cut, tail and evidence inside the transcript', () => {
        const { summarizedEntries, keptTail, entryIndex, nextEntry } = cut.cut;
        assert.ok(summarizedEntries.from <= summarizedEntries.to);
        if (keptTail) {
          assert.equal(
            keptTail.from,
            summarizedEntries.to + 1,
            'the tail starts right after the summarized part',
          );
          assert.ok(keptTail.to < nextEntry);
        }
        // A cut chosen at the end of a session has no next entry: nextEntry is then the entry count.
        assert.ok(entryIndex <= nextEntry && nextEntry <= cut.session.entries);
        for (const fact of cut.facts) {
          assert.ok(fact.evidence.length > 0, `${fact.id} cites evidence`);
          for (const index of fact.evidence)
            assert.ok(
              Number.isInteger(index) && index >= 0 && index < nextEntry,
              `${fact.id}: entry ${index}`,
            );
        }
      });

      it('gives each fact a known kind, a live flag and a kept-tail label', () => {
        assert.equal(new Set(cut.facts.map((fact) => fact.id)).size, cut.facts.length, 'unique fact ids');
        for (const fact of cut.facts) {
          assert.ok(KINDS.includes(fact.kind), `${fact.id}: kind ${fact.kind}`);
          assert.equal(typeof fact.live, 'boolean');
          assert.ok(LABELS.includes(fact.inKeptTail), `${fact.id}: inKeptTail ${fact.inKeptTail}`);
          if (!cut.cut.keptTail) assert.equal(fact.inKeptTail, 'lost', `${fact.id}: no tail keeps nothing`);
        }
      });

      it('labels every fact in every summary, once, with a known verdict', () => {
        const factIds = cut.facts.map((fact) => fact.id).sort();
        assert.equal(new Set(cut.summaries.map((summary) => summary.id)).size, cut.summaries.length);
        for (const summary of cut.summaries) {
          assert.ok(SOURCES.includes(summary.source), `${summary.id}: source ${summary.source}`);
          assert.deepEqual(
            Object.keys(summary.labels).sort(),
            factIds,
            `${summary.id} labels exactly the facts`,
          );
          for (const [factId, verdict] of Object.entries(summary.labels))
            assert.ok(LABELS.includes(verdict.label), `${summary.id}/${factId}: ${verdict.label}`);
        }
      });

      it('stores each text with its sha256, or the rule that rebuilds it from the summarized entries', () => {
        for (const summary of cut.summaries) {
          if (summary.text !== undefined) {
            assert.equal(sha256(summary.text), summary.sha256, `${summary.id}: sha256 of its text`);
            continue;
          }
          assert.ok(summary.extract, `${summary.id}: a text or an extract rule`);
          assert.ok(
            EXTRACT_RULES.includes(summary.extract.rule),
            `${summary.id}: rule ${summary.extract.rule}`,
          );
          assert.ok(summary.extract.entries.from >= cut.cut.summarizedEntries.from);
          assert.ok(
            summary.extract.entries.to <= cut.cut.summarizedEntries.to,
            `${summary.id}: only summarized history`,
          );
        }
      });

      it('carries each declared flaw in the labels, and keeps every live fact in the faithful handoff', () => {
        for (const summary of cut.summaries.filter((each) => each.flaws)) {
          for (const { fact, flaw } of summary.flaws ?? []) {
            const expected = flaw.startsWith('contradicted') ? 'contradicted' : 'lost';
            assert.equal(summary.labels[fact]?.label, expected, `${summary.id}/${fact}: ${flaw}`);
          }
        }
        const faithful = cut.summaries.filter((summary) => summary.source === 'handwritten-faithful');
        assert.equal(faithful.length, 1);
        for (const fact of cut.facts.filter((each) => each.live))
          assert.equal(faithful[0]!.labels[fact.id]?.label, 'kept', `faithful handoff keeps ${fact.id}`);
      });

      it('credits the bare tricks nothing for tasks, constraints, preferences and decisions', () => {
        const bare = cut.summaries.filter((summary) =>
          ['paths-only', 'identifier-bag', 'empty'].includes(summary.id),
        );
        assert.equal(bare.length, 3, 'paths-only, identifier-bag and empty are labelled at every cut');
        const rules = cut.facts.filter((fact) =>
          ['task', 'constraint', 'preference', 'decision'].includes(fact.kind),
        );
        for (const summary of bare)
          for (const fact of rules)
            assert.equal(summary.labels[fact.id]?.label, 'lost', `${summary.id}/${fact.id}`);
      });
    });
  }

  it('reads no held-out cut beyond its split: the checks below cover the tuning part', () => {
    assert.ok(tuning.length >= 9, `${tuning.length} tuning cuts`);
    assert.ok(tuning.every((cut) => cut.split === 'tuning'));
    assert.deepEqual(
      [...new Set(tuning.map((cut) => cut.session.format))].sort(),
      ['claude-code', 'codex', 'pi'],
      'the tuning part holds Claude Code, Codex and pi sessions',
    );
  });

  it('credits a summary that contradicts what the tail keeps half, and one the tail cannot rescue nothing', () => {
    assert.equal(withTailCredit('contradicted', 'kept'), 0.5);
    assert.equal(withTailCredit('contradicted', 'partial'), 0);
    assert.equal(withTailCredit('lost', 'partial'), 0.5);
    assert.equal(withTailCredit('partial', 'lost'), 0.5);
    assert.equal(withTailCredit('kept', 'lost'), 1);
  });

  it('scores the empty summary 0 and the faithful handoff 1 on the summary alone', () => {
    const rows = tuning.flatMap(recallRows);
    for (const row of rows.filter((each) => each.summary === 'empty')) assert.equal(row.recall, 0, row.cut);
    for (const row of rows.filter((each) => each.source === 'handwritten-faithful'))
      assert.equal(row.recall, 1, row.cut);
  });

  it('calibration/README.md shows the recall table the labels give (npx tsx scripts/calibration-recall.ts)', () => {
    const expected = recallTable(tuning.flatMap(recallRows)).split('\n').map(cells);
    const readme = readFileSync(README, 'utf8').split('\n');
    const start = readme.findIndex((line) => line.startsWith('| Cut ') && line.includes('Recall with tail'));
    assert.ok(start >= 0, 'the table is in the README');
    const shown = readme.slice(start, start + expected.length).map(cells);
    assert.deepEqual(shown.slice(2), expected.slice(2));
    assert.deepEqual(shown[0], expected[0]);
  });

  const shared = tuning.filter((cut) => cut.session.root === '../shared/real-sessions/');
  it(
    'refers to the shared transcripts the labels were made on (same sha256)',
    { skip: existsSync(SHARED) ? false : `no ${SHARED} beside the repository` },
    () => {
      for (const cut of shared) {
        const data = readFileSync(SHARED + cut.session.path);
        assert.equal(sha256(data), cut.session.sha256, `${cut.id}: ${cut.session.path} changed`);
        assert.equal(data.toString('utf8').split('\n').filter(Boolean).length, cut.session.entries);
      }
    },
  );
});
