/**
 * The request's own sentence read as a quote where it is quoted (round s38, D157): a task's statement that grep's
 * lines state is taken out of it, but a handoff that says the request in fresh words states it still, so it stays a
 * second statement of the task (`requestSentences`), read outside the lines that quote it — three of its terms in a
 * row, in its order, or a line made mostly of its words. The user's messages copied verbatim, the sentence in
 * quotation marks, with two words swapped, or its words shuffled keep no more than the task's facets do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cheapTricks, guardChosen } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { indexMeaning, meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { quotingLines } from '../../src/quality/quoted-runs.ts';
import { derivedProbe } from '../helpers/factories.ts';

const request =
  'lets edit the github action for the dashboard that turns raw usage logs into weekly summary tables';
const facets = [['dashboard that turns raw']];
const task = derivedProbe('task', { facets, requestSentences: [request] });
const outcome = (text: string) => probeOutcome(createMatcher(text), task);
const paraphrase =
  "The user wants the dashboard's GitHub Action changed: from the raw logs of what was used it should now write one summary table for each week, where today it only lists the runs.";
const sequence = meaningTerms(request).map((term) => term.term);

describe("a task's request sentence, read as a quote where it is quoted", () => {
  it('finds the lines that quote it: three terms in a row, or mostly its words in any order', () => {
    const text = [
      paraphrase,
      'tool output: {"display": "edit the github action for the dashboard", "timestamp": 1759}',
      'weekly tables logs usage raw summary',
      'The Action itself is in .github/workflows/report.yml.',
    ].join('\n');
    assert.deepEqual([...quotingLines(indexMeaning(text), sequence)].sort(), [1, 2]);
  });

  it('keeps the task where a handoff says the request in fresh words, and not with that sentence taken out', () => {
    assert.equal(outcome(paraphrase), 'matched');
    assert.equal(outcome(`The repository is acme/dash.\n${paraphrase}\nTests pass.`), 'matched');
    assert.equal(outcome('The repository is acme/dash.\nTests pass.'), 'missed');
    assert.equal(outcome(''), 'missed');
    assert.notEqual(probeOutcome(createMatcher(paraphrase), derivedProbe('task', { facets })), 'matched');
  });

  it('keeps nothing more than the facets where the text quotes the request, swaps two words or shuffles them', () => {
    const words = request.split(' ');
    const swapped = [...words];
    [swapped[2], swapped[9]] = [swapped[9]!, swapped[2]!];
    const shuffled = [
      'summary usage the tables github dashboard raw into for action',
      'weekly turns logs edit lets the that',
    ];
    for (const text of [
      `The user asked: "${request.replace('the dashboard that turns raw', 'the dashboard which turns raw')}"`,
      swapped.join(' ').replace('dashboard that turns raw', 'dashboard, it turns raw'),
      shuffled.join(' '),
      shuffled.join('\n'),
      `${shuffled[0]}, ${shuffled[1]}`,
    ]) {
      assert.equal(probeOutcome(createMatcher(text), derivedProbe('task', { facets })), 'missed', text);
      assert.equal(outcome(text), 'missed', text);
    }
  });

  it('counts the fresh words stated false or not done a contradiction', () => {
    assert.equal(
      outcome(`It is false that ${paraphrase.replace('The user wants', 'the user wants')}`),
      'contradicted',
    );
  });
});

describe("a task's statement grep's lines state", () => {
  const draft = derivedProbe('task', { facets, statement: request, messageIndex: 0 });

  it("stays as a request sentence of the session's earliest task where grep quotes it, and not of a later one", () => {
    const grep = cheapTricks('', `${request}\nerror: exit status 1`);
    const [guarded] = guardChosen([draft], grep);
    assert.equal(guarded!.statement, undefined);
    assert.deepEqual(guarded!.requestSentences, [request]);
    const earlier = derivedProbe('task', { facets: [['usage page']], messageIndex: 0 });
    const [, later] = guardChosen([earlier, { ...draft, messageIndex: 5 }], grep);
    assert.equal(later!.statement, undefined);
    assert.equal(later!.requestSentences, undefined);
  });

  it("is left out where grep states it in words of its own and does not keep the task's facets", () => {
    const grep =
      'The usage logs job failed: raw rows could not become summary tables by week, and the dashboard shows nothing since the github action broke after the edit of its cron entry';
    const [guarded] = guardChosen([draft], cheapTricks('', grep));
    assert.equal(guarded!.statement, undefined);
    assert.equal(guarded!.requestSentences, undefined);
  });

  it('is left out when it is too short to be told from a line that holds its words', () => {
    const short = derivedProbe('task', {
      facets: [['create a PR']],
      statement: 'push and create a PR',
      messageIndex: 0,
    });
    const [guarded] = guardChosen([short], cheapTricks('', 'push and create a PR'));
    assert.equal(guarded!.requestSentences, undefined);
  });
});
