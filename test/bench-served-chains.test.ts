import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chainsOf, type ServedCall } from '../bench/served-chains.ts';

/** A request of `length` characters arriving at `at`, answered `latency` later, carrying the answer to `after`. */
const call = (at: number, length: number, after?: number, latency = 300): ServedCall => ({
  at,
  length,
  after,
  answeredAt: at + latency,
});

describe('bench: the wall’s chains read on the server', () => {
  it('links each request to the answer it carries, three calls or more a chain', () => {
    const rolling = [call(0, 100), call(305, 101, 100), call(610, 102, 101)];
    const accumulated = [call(2, 200), call(320, 201, 200), call(640, 202, 201), call(950, 203, 202)];
    const slices = [call(1, 300), call(3, 301)];
    const stitch = call(310, 302, 301);
    const served = [
      rolling[0]!,
      accumulated[0]!,
      slices[0]!,
      slices[1]!,
      rolling[1]!,
      stitch,
      accumulated[1]!,
    ];
    served.push(rolling[2]!, accumulated[2]!, accumulated[3]!);
    const chains = chainsOf(served.sort((a, b) => a.at - b.at));
    assert.deepEqual(
      chains.map((chain) => chain.map((link) => link.length)),
      [
        [100, 101, 102],
        [200, 201, 202, 203],
      ],
    );
  });

  it('follows the call of that length answered before the request, not one still in flight', () => {
    // Two requests of the same length: the second is answered only after the follower arrived.
    const first = call(0, 500);
    const twin = call(100, 500);
    const follower = call(310, 501, 500);
    const last = call(620, 502, 501);
    const [chain] = chainsOf([first, twin, follower, last]);
    assert.equal(chain?.[0], first);
    assert.deepEqual(
      chain?.map((link) => link.at),
      [0, 310, 620],
    );
  });
});
