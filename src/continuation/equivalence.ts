/**
 * Level 3 (with `--judge`): a judge says whether a predicted action does what the agent's real one did, when the
 * two are written differently (`npm test` against `npx vitest run`, reading a file against grepping it). An L2
 * match is equivalent without a call; the judge is asked only about the rest, and its answer is read with a
 * schema, never trusted on shape.
 */
import * as z from 'zod';
import type { Caller } from '../providers/calls.ts';
import { messageOf } from '../errors.ts';
import type { Action, EquivalenceVerdict, RealStep } from '../results/continuation-types.ts';

/** Most output tokens of a verdict: one JSON object with a one-line reason. */
export const EQUIVALENCE_MAX_TOKENS = 200;

/** The system prompt of every equivalence call. */
export const EQUIVALENCE_SYSTEM = [
  "You judge whether a coding agent's predicted next action is equivalent to the action the agent really took:",
  'equivalent when it would serve the same purpose at this point in the work (the same file read another way, the',
  'same tests run with another command), not merely the same kind of action.',
  'Reply with one JSON object and nothing else: {"equivalent": true or false, "reason": "one line"}.',
].join('\n');

const verdictSchema = z.object({ equivalent: z.boolean(), reason: z.string().default('') });

/** An action as the judge reads it: its tool and normalised arguments, or the turn's ending. */
function describeAction(action: Action): string {
  if (action.tool === '') return action.kind === 'ask' ? 'asks the user a question' : 'ends the turn (done)';
  return `${action.tool} ${JSON.stringify(action.arguments)}`;
}

/** The prompt of one equivalence call: the real action (any of parallel calls) and the predicted one. */
export function equivalencePrompt(real: RealStep, predicted: Action): string {
  return [
    real.actions.length === 1
      ? `Real action: ${describeAction(real.actions[0]!)}`
      : `Real actions (parallel; matching any one is enough):\n${real.actions.map((action) => `- ${describeAction(action)}`).join('\n')}`,
    `Predicted action: ${describeAction(predicted)}`,
  ].join('\n');
}

/** The verdict in a judge's text: the JSON object from the first `{` to the last `}`, checked. */
export function parseVerdict(text: string): { equivalent: boolean; reason: string } | { error: string } {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  let json: unknown;
  try {
    json = start >= 0 && end > start ? JSON.parse(text.slice(start, end + 1)) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = verdictSchema.safeParse(json);
  if (!parsed.success)
    return { error: `verdict is not {"equivalent": boolean}: ${JSON.stringify(text.trim().slice(0, 80))}` };
  return { equivalent: parsed.data.equivalent, reason: parsed.data.reason.replace(/\s+/g, ' ').trim() };
}

/** Asks the judge about one step; a failed call or an unreadable answer is a verdict of null with its error. */
export async function judgeEquivalence(
  complete: Caller['complete'],
  label: string,
  real: RealStep,
  predicted: Action,
): Promise<EquivalenceVerdict> {
  const prompt = equivalencePrompt(real, predicted);
  let answer: string;
  try {
    answer = await complete(label, {
      system: EQUIVALENCE_SYSTEM,
      prompt,
      maxTokens: EQUIVALENCE_MAX_TOKENS,
    });
  } catch (error) {
    return { equivalent: null, reason: '', prompt, answer: null, error: messageOf(error) };
  }
  const verdict = parseVerdict(answer);
  return 'error' in verdict
    ? { equivalent: null, reason: '', prompt, answer, error: verdict.error }
    : { ...verdict, prompt, answer, error: null };
}
