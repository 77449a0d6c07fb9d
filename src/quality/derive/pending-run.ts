/**
 * A command the agent started last and whose result the history does not hold: the cut fell while it ran (a
 * compaction mid-run, a session that ends on the call). A careful reader hands it over as where the work stands ("at
 * the cut `mise run fmt && mise run lint` had just been launched; no result yet"): a successor must read its outcome,
 * not assume one, and an earlier run's outcome says nothing of the code it now runs on. Said passed, failed or finished,
 * it is an outcome claimed that nobody saw.
 */
import { coreCommand, isReadOnlyCommand, shellCommand } from '../../session/shell-commands.ts';
import type { Message } from '../../session/types.ts';
import { toolCallsOf } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';

// How a handoff says the run has not ended, and how it would claim an outcome instead.
const STILL_RUNNING = [
  'no result',
  'no output',
  'not seen its output',
  'just launched',
  'just started',
  'launched',
  'started',
  'running',
  'in progress',
  'pending',
  'not finished',
  'unfinished',
  'waiting',
];
const OUTCOME_CLAIMED = [
  'passed',
  'passes',
  'succeeded',
  'successful',
  'finished',
  'completed',
  'failed',
  'fails',
  'all green',
];

/**
 * The run left open at the cut: the last message of the history makes a shell call that no result answers, and the
 * command changes or checks something (a look at files, `git status` or `ls`, is no work a reader reports as under way).
 */
export function pendingRunProbes(messages: readonly Message[]): DraftProbe[] {
  const at = messages.length - 1;
  const last = messages[at];
  if (!last) return [];
  const calls = toolCallsOf(last);
  // The call and its result are one exchange: a result in the same message (none in practice) closes it.
  const call = calls.at(-1);
  const command = call ? shellCommand(call) : undefined;
  if (!call || command === undefined || isReadOnlyCommand(command)) return [];
  const shown = coreCommand(command);
  // A facet of one word is no probe (lint), and a command of several lines is not one a summary quotes.
  if (shown.split(/\s+/).length < 2 || shown.endsWith('…')) return [];
  return [
    {
      kind: 'state',
      messageIndex: at,
      question: 'What was running when the history ends, and what did it give?',
      answer: `\`${shown}\` was started last and has no result yet: its outcome is not known.`,
      // No statement to read by meaning: its words are the command's, which a bag of the session's frequent words
      // lists (D114: the topic bag kept "… was started last and has no result yet" whole); the command as written is
      // the fact, and an outcome said of it the opposite.
      facets: [[shown]],
      opposite: { subject: [shown], said: OUTCOME_CLAIMED, within: 'sentences', own: STILL_RUNNING },
    },
  ];
}
