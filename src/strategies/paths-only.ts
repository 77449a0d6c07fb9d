/** paths-only: the files the session touched, one per line — file-name coverage with no fact at all. */
import { sessionPaths } from './lexical.ts';
import type { Strategy } from './types.ts';

/** A list of paths: it must score full file recall and no fact probe. */
export const pathsOnly: Strategy = {
  name: 'paths-only',
  description: 'lexical baseline: the paths the session read or changed, one per line (no model)',
  group: 'baseline',
  lexical: true,
  callsModel: false,
  async run(session) {
    const paths = sessionPaths(session);
    return { summary: paths.join('\n'), notes: [`Listed ${paths.length} paths.`] };
  },
};
