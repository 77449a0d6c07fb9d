/**
 * The prediction loop, teacher-forced: at each of the K real steps after the cut, the model gets the context and
 * the real messages since the cut (the agent's real actions and their real results, never its own earlier
 * predictions), is asked for its next turn, and its first tool call is scored against what the agent did. As no
 * request depends on an earlier answer, the K requests go out at once.
 */
import { createHash } from 'node:crypto';
import type { Caller } from '../providers/calls.ts';
import type { Message, Session, ToolCallBlock } from '../session/types.ts';
import type { ToolDefinition } from '../providers/types.ts';
import { renderMessages } from '../session/transcript.ts';
import { actionOfCall, actionOfText } from './actions.ts';
import { fileStateAt } from '../session/file-state.ts';
import { levelRates, scoreStep } from './score.ts';
import { judgeEquivalence } from './equivalence.ts';
import type { PredictedStep, PredictionRun, RealStep } from '../results/continuation-types.ts';

/** Most output tokens a predicted turn may have: one tool call, not an essay. */
export const PREDICTION_MAX_TOKENS = 1024;

/** A message-shaped, traced model call: the run's caller (cache, cassette, concurrency limit, progress). */
export type Generate = Caller['generate'];

/** What one replay reads. */
export type ReplayInput = {
  generate: Generate;
  /** Names the calls in the trace: `continuation <who> step <n>`. */
  who: string;
  system: string;
  tools: readonly ToolDefinition[];
  /** The context before the cut (a strategy's, Full or Null). */
  context: readonly Message[];
  session: Pick<Session, 'messages' | 'fileOperations' | 'cwd'>;
  cut: number;
  steps: readonly RealStep[];
  /** With `--judge`: the judge's caller, asked whether a prediction short of L2 is equivalent (L3). */
  judge?: Caller['complete'];
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** Predicts each step from the context plus the real messages since the cut, and scores it. */
export async function replayContinuation(input: ReplayInput): Promise<PredictionRun> {
  const render = (messages: readonly Message[]) =>
    renderMessages(messages, { toolResultChars: Number.POSITIVE_INFINITY });
  const contextHash = sha256(JSON.stringify(input.context));
  const requests: unknown[] = [];
  const usage = { calls: 0, inputTokens: 0, outputTokens: 0 };
  const steps = await Promise.all(
    input.steps.map(async (step, index): Promise<PredictedStep> => {
      const label = `continuation ${input.who} step ${index + 1}`;
      const since = input.session.messages.slice(input.cut, step.messageIndex);
      const messages = [...input.context, ...since];
      // The context is the same for every step and stored once by its hash; what each step adds is stored whole.
      requests[index] = {
        label,
        system: input.system,
        context: { messages: input.context.length, sha256: contextHash },
        since: render(since),
        tools: input.tools.map((tool) => tool.name),
      };
      const answer = await input.generate(label, {
        system: input.system,
        messages,
        tools: input.tools,
        maxTokens: PREDICTION_MAX_TOKENS,
      });
      usage.calls++;
      usage.inputTokens += answer.usage.input;
      usage.outputTokens += answer.usage.output;
      const calls = answer.content.filter((block): block is ToolCallBlock => block.type === 'toolCall');
      const predicted = calls[0]
        ? actionOfCall(calls[0], input.session.cwd)
        : answer.text.trim() === ''
          ? null
          : actionOfText(answer.text);
      const known = predicted?.kind === 'read' ? fileStateAt(input.session, step.messageIndex) : undefined;
      const score = scoreStep(predicted, step.actions);
      // L3: an L2 match is equivalent as it stands; no prediction is equivalent to nothing; else the judge says.
      const judged =
        input.judge && predicted && !score.l2
          ? await judgeEquivalence(input.judge, `${label} equivalence`, step, predicted)
          : undefined;
      return {
        step: index + 1,
        predicted,
        answer: {
          text: answer.text,
          toolCalls: calls.map((call) => ({ name: call.name, arguments: call.arguments })),
        },
        score: input.judge
          ? { ...score, l3: score.l2 || (predicted ? (judged?.equivalent ?? null) : false) }
          : score,
        ...(judged ? { judged } : {}),
        redundantRead: known?.get(predicted!.target)?.content !== undefined,
      };
    }),
  );
  return {
    steps,
    rates: levelRates(steps.map((step) => step.score)),
    redundantReads: steps.filter((step) => step.redundantRead).length,
    predictedReads: steps.filter((step) => step.predicted?.kind === 'read').length,
    requests,
    usage,
  };
}
