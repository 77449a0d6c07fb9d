/**
 * A choice the user questioned and the agent upheld (issue 39, teams' TS7: "Why do we need stats for the team?",
 * answered with the summary block that shows them, and the user went on): a decision with the agent's reason; none
 * when the agent gave way, changed the code to answer, or the user overruled it, nor for a question why something
 * fails.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { questionedChoiceProbes } from '../../src/quality/derive/questioned-choices.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, shellRun, user } from '../helpers/factories.ts';

const QUESTION = 'Why do we need the cache headers on the report endpoint?';
const ANSWER =
  'The dashboard polls the report every five seconds, so without the cache headers each poll would rebuild the whole report. Keeping them lets the browser reuse the last answer.';

const SESSION: Message[] = [
  user('Add a report endpoint for the dashboard.'),
  ...editRun('src/routes/report.ts'),
  ...shellRun('npm test', 'Tests  12 passed (12)'),
  assistant('The report endpoint is in place, with cache headers; tests pass.'),
  user(QUESTION),
  assistant(ANSWER),
  user('ok, continue with the export button'),
  ...editRun('src/components/export-button.tsx'),
  assistant('The export button is added.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a choice the user questioned and the agent upheld', () => {
  it('is a decision with the agent’s reason, in its words', () => {
    const [probe] = questionedChoiceProbes(SESSION);
    assert.equal(probe?.kind, 'decision');
    assert.equal(probe!.messageIndex, 7);
    assert.deepEqual(probe!.facets, [['cache headers'], ['dashboard polls']]);
    assert.equal(
      probe!.statement,
      'cache headers kept, since the dashboard polls the report every five seconds, so without the cache headers each poll would rebuild the whole report.',
    );
  });

  it('is live; a handoff that says why keeps it, the question, a path list and the answer turned round do not', () => {
    const probes = deriveProbes({ messages: SESSION }).probes;
    const kept = probes.find(
      (probe) => probe.kind === 'decision' && probe.statement?.includes('cache headers'),
    );
    assert.ok(kept, 'a decision probe of the upheld choice');
    assert.ok(isLive(kept));
    assert.equal(
      outcome(
        kept,
        'The report endpoint keeps its cache headers: the dashboard polls it every five seconds and would otherwise rebuild the report each time.',
      ),
      'matched',
    );
    for (const missed of [QUESTION, 'src/routes/report.ts\nsrc/components/export-button.tsx'])
      assert.equal(outcome(kept, missed), 'missed', missed);
    assert.equal(
      outcome(
        kept,
        'It is false that the cache headers were kept because the dashboard polls the report every five seconds.',
      ),
      'contradicted',
    );
  });

  it('gives none when the agent gives way, answers by changing the code, or the user overrules it', () => {
    const conceded = [
      ...SESSION.slice(0, 5),
      assistant('You’re right, the dashboard does not need them; the report is cheap to build.'),
    ];
    assert.deepEqual(questionedChoiceProbes(conceded), []);
    const changed = [...SESSION.slice(0, 6), ...editRun('src/routes/report.ts'), assistant(ANSWER)];
    // The question is answered by an edit before the next prompt: no choice was upheld.
    assert.deepEqual(questionedChoiceProbes([...changed, user('thanks')]), []);
    const overruled = [...SESSION.slice(0, 6), user('no, remove them, the proxy caches already')];
    assert.deepEqual(questionedChoiceProbes(overruled), []);
  });

  it('gives none for a question why something fails, or a long request that asks why along the way', () => {
    const fails = [
      ...SESSION.slice(0, 4),
      user('Why does the build fail on CI?'),
      assistant(ANSWER),
      user('ok'),
    ];
    assert.deepEqual(questionedChoiceProbes(fails), []);
    const long = [
      ...SESSION.slice(0, 4),
      user(
        'Why do we need the cache headers on the report endpoint? I think the proxy caches already, and the export button should also be added next to the refresh control with a tooltip.',
      ),
      assistant(ANSWER),
    ];
    assert.deepEqual(questionedChoiceProbes(long), []);
  });
});
