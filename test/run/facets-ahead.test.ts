import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Probe } from '../../src/quality/probes.ts';
import type { StrategyResult } from '../../src/results/types.ts';
import { facetsAhead } from '../../src/run/reports-ahead.ts';
import type { RunEnvironment, SessionPlan } from '../../src/stages/types.ts';
import { derivedProbe } from '../helpers/factories.ts';

/** A probe set that counts how often its facets are read (each read maps over it), or fails when read. */
function countedProbes(fail = false): { probes: Probe[]; reads: () => number } {
  let reads = 0;
  const probes = new Proxy([derivedProbe('next-step', { facets: [['hk-7.4'], ['Wire live']] })], {
    get(target, key, receiver) {
      if (key === 'map') {
        reads++;
        if (fail) throw new Error('unreadable probes');
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { probes, reads: () => reads };
}

const scored = (fields: Partial<StrategyResult> = {}) =>
  ({
    status: 'ok',
    summary: 'Next: finish hk-7.4 (wire live activity into the dashboard).',
    quality: { probesTotal: 1 },
    ...fields,
  }) as unknown as StrategyResult;

const environmentWith = (fields: Partial<RunEnvironment>) =>
  ({
    scoringGate: undefined,
    signal: new AbortController().signal,
    sessionPages: true,
    ...fields,
  }) as RunEnvironment;

describe('facets ahead', () => {
  it("reads a scored strategy's summary facets once the scoring gate opens", async () => {
    const { probes, reads } = countedProbes();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const reading = facetsAhead(
      { reference: { probes } } as unknown as SessionPlan,
      environmentWith({ scoringGate: () => gate }),
    )(scored());
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reads(), 0);
    open();
    await reading;
    assert.equal(reads(), 1);
  });

  it('reads nothing for a failed strategy, an empty summary, no probes or a stopped run', async () => {
    const { probes, reads } = countedProbes();
    const plan = { reference: { probes } } as unknown as SessionPlan;
    const stopped = new AbortController();
    stopped.abort();
    await facetsAhead(plan, environmentWith({}))(scored({ status: 'error' }));
    await facetsAhead(plan, environmentWith({}))(scored({ summary: '' }));
    await facetsAhead(
      plan,
      environmentWith({}),
    )(scored({ quality: { probesTotal: 0 } as StrategyResult['quality'] }));
    await facetsAhead(plan, environmentWith({ signal: stopped.signal }))(scored());
    assert.equal(reads(), 0);
  });

  it("reads nothing where the run leaves the session's page to report (a suite's compare)", async () => {
    const { probes, reads } = countedProbes();
    const plan = { reference: { probes } } as unknown as SessionPlan;
    await facetsAhead(plan, environmentWith({ sessionPages: false }))(scored());
    assert.equal(reads(), 0);
    await facetsAhead(plan, environmentWith({}))(scored());
    assert.equal(reads(), 1);
  });

  it('leaves a failure to read for the page to report', async () => {
    const { probes, reads } = countedProbes(true);
    await facetsAhead({ reference: { probes } } as unknown as SessionPlan, environmentWith({}))(scored());
    assert.equal(reads(), 1);
  });
});
