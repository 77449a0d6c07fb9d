/**
 * A ticket's or commit's title names no file (issue 39, the tool results' first words): three files changed for one
 * ticket each have the artifact "<file> changed for shop-4ab: add order export and nightly report", and the tracker's
 * title line ("shop-4ab Add order export and nightly report.") states that title, not what any one of them now holds.
 * It kept all three whole; a line naming a file with the title still keeps that file's, as a name where the title
 * holds a word of it (`src/export.ts`, not the title's "export") and as a verb ("routed" of router.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { session, shellRun, toolExchange, user } from '../helpers/factories.ts';

const FILES = ['src/router.ts', 'src/app.ts', 'src/export.ts'];

const messages: Message[] = [
  user('Work on bead shop-4ab, then commit.'),
  ...toolExchange(
    'edit',
    { path: 'src/router.ts', oldText: 'routes()', newText: 'routes(orders)' },
    'Edited.',
  ),
  ...toolExchange('edit', { path: 'src/app.ts', oldText: 'start()', newText: 'start(nightly)' }, 'Edited.'),
  ...toolExchange('edit', { path: 'src/export.ts', oldText: 'rows()', newText: 'rows(csv)' }, 'Edited.'),
  ...shellRun(
    `git add ${FILES.join(' ')} && git commit -m "feat: add order export and nightly report (shop-4ab)"`,
    '[main 1a2b3c4] feat: add order export and nightly report (shop-4ab)\n 3 files changed, 3 insertions(+), 3 deletions(-)',
  ),
];

/** The live artifact probes of the three files, by file name. */
function artifacts() {
  const { probes } = deriveProbes(session(messages));
  const found = probes.filter((probe) => probe.kind === 'artifact');
  assert.deepEqual(
    found.map((probe) => probe.statement),
    ['router.ts', 'app.ts', 'export.ts'].map(
      (name) => `${name} changed for shop-4ab: add order export and nightly report`,
    ),
  );
  return { probes, found };
}

/** The outcome of each file's artifact in a text, in the order of FILES. */
function outcomes(text: string): string[] {
  const { probes, found } = artifacts();
  const scored = scoreProbes(createMatcher(text), probes).probeOutcomes;
  return found.map((probe) => scored[probe.id]!);
}

describe("a ticket's title line", () => {
  it("keeps none of its files' artifacts whole", () => {
    // The commit's own line, a sentence of the title, or the title with the ticket's id say no file either. export.ts
    // keeps at most the half a word of its name in the title earns (subject-mention.ts), no longer all of it.
    for (const text of [
      'shop-4ab Add order export and nightly report.',
      'main 1a2b3c4 feat add order export and nightly report shop-4ab.',
      'For shop-4ab we added the order export and a nightly report.',
    ]) {
      const [router, app, exported] = outcomes(text);
      assert.deepEqual([router, app], ['missed', 'missed'], text);
      assert.notEqual(exported, 'matched', text);
    }
  });

  it("still keeps a file's artifact on a line that names the file with the title", () => {
    assert.deepEqual(
      outcomes('src/router.ts changed for shop-4ab: add order export and nightly report.').slice(0, 2),
      ['matched', 'missed'],
    );
    // Named as a name where the title holds a word of its name ("export"), not by that word of the title.
    assert.deepEqual(outcomes('shop-4ab: src/export.ts holds the order export and the nightly report.'), [
      'missed',
      'missed',
      'matched',
    ]);
    // A router named by what it does: the new export is routed.
    assert.deepEqual(
      outcomes('shop-4ab: the order export is now routed, with a nightly report.').slice(0, 2),
      ['matched', 'missed'],
    );
  });

  it('keeps the artifact of a file whose statement shares nothing with another file, as before', () => {
    const alone: Message[] = messages.filter((_, at) => at === 0 || (at >= 1 && at <= 2) || at >= 7);
    const { probes } = deriveProbes(session(alone));
    const router = probes.find((probe) => probe.kind === 'artifact');
    assert.ok(router, JSON.stringify(probes.map((probe) => probe.statement)));
    const scored = scoreProbes(createMatcher('shop-4ab Add order export and nightly report.'), probes);
    assert.equal(scored.probeOutcomes[router.id], 'matched');
  });
});
