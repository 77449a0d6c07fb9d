/** identity: the whole transcript kept verbatim, the ceiling every score is bounded by. */
import { keepTail } from '../session/cut-points.ts';
import type { Strategy } from './types.ts';

/** No summary, every message kept: compression 1 and the best recall any strategy can reach. */
export const identity: Strategy = {
  name: 'identity',
  description: 'the whole transcript kept verbatim (compression 1; the ceiling for recall)',
  group: 'baseline',
  callsModel: false,
  async run(session) {
    return { summary: '', ...keepTail(session, 0) };
  },
};
