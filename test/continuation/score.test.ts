import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionOfCall, actionOfText } from '../../src/continuation/actions.ts';
import { levelRates, normalisedRates, normalisedScore, scoreStep } from '../../src/continuation/score.ts';

const call = (name: string, args: Record<string, unknown>) =>
  actionOfCall({ name, arguments: args }, '/repo');

describe('continuation step scores', () => {
  const real = call('bash', { command: 'cd /repo && npm test -- billing' });

  it('scores a different kind 0 at every level', () => {
    assert.deepEqual(scoreStep(call('read', { path: 'package.json' }), [real]), {
      l0: false,
      l1: false,
      l2: false,
    });
  });

  it('scores the same kind with another target L0 only', () => {
    assert.deepEqual(scoreStep(call('bash', { command: 'git status' }), [real]), {
      l0: true,
      l1: false,
      l2: false,
    });
  });

  it('scores the same target with other arguments L0 and L1', () => {
    assert.deepEqual(scoreStep(call('bash', { command: 'npm test' }), [real]), {
      l0: true,
      l1: true,
      l2: false,
    });
  });

  it('scores the same arguments, spelled differently, at L2', () => {
    assert.deepEqual(scoreStep(call('bash', { command: 'npm   test -- billing', timeout: 60 }), [real]), {
      l0: true,
      l1: true,
      l2: true,
    });
    assert.deepEqual(
      scoreStep(call('read', { path: '/repo/./src/a.ts' }), [call('read', { path: 'src/a.ts' })]),
      { l0: true, l1: true, l2: true },
    );
  });

  it('accepts any one of a turn’s parallel calls, and nothing for no prediction', () => {
    const acceptable = [call('read', { path: 'a.ts' }), call('read', { path: 'b.ts' })];
    assert.deepEqual(scoreStep(call('read', { path: 'b.ts' }), acceptable), { l0: true, l1: true, l2: true });
    assert.deepEqual(scoreStep(null, acceptable), { l0: false, l1: false, l2: false });
  });

  it('matches finishing when the agent finished', () => {
    assert.deepEqual(scoreStep(actionOfText('Done.'), [actionOfText('All green.')]), {
      l0: true,
      l1: true,
      l2: true,
    });
    assert.deepEqual(scoreStep(actionOfText('Done.'), [actionOfText('Shall I push?')]), {
      l0: false,
      l1: false,
      l2: false,
    });
  });

  it('rates levels over steps and normalises between Null and Full', () => {
    const rates = levelRates([
      { l0: true, l1: true, l2: true },
      { l0: true, l1: true, l2: false },
      { l0: true, l1: false, l2: false },
      { l0: false, l1: false, l2: false },
    ]);
    assert.deepEqual(rates, { steps: 4, l0: 0.75, l1: 0.5, l2: 0.25 });
    assert.equal(normalisedScore(0.75, 0.75, 0.25), 1);
    assert.equal(normalisedScore(0.25, 0.75, 0.25), 0);
    assert.equal(normalisedScore(0.5, 0.75, 0.25), 0.5);
    assert.equal(normalisedScore(0.5, 0.25, 0.25), null);
    assert.deepEqual(normalisedRates(rates, rates, { steps: 4, l0: 0, l1: 0, l2: 0 }), {
      l0: 1,
      l1: 1,
      l2: 1,
    });
  });
});
