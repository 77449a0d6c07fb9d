/**
 * Probes written by a model (`compaction-bench probes -p <provider>`): the model reads the transcript slice by slice
 * and proposes facts a summary must keep, each with question, answer, facets, kind and the message it stands in.
 * A facet spelling the transcript does not contain is dropped; what is left is checked like any probe.
 */
import * as z from 'zod';
import type { Caller } from '../providers/calls.ts';
import { ProviderError } from '../errors.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import type { Message } from '../session/types.ts';
import type { Slice } from '../session/slicer.ts';
import { renderMessage } from '../session/transcript.ts';
import type { DraftProbe } from './derive/draft.ts';
import { createMatcher, type TextIndex } from './match.ts';
import { SIDECAR_KINDS } from './probes.ts';

/** Output budget of one slice's answer: a dozen probes of a few lines each. */
export const PROBE_ANSWER_MAX_TOKENS = 4000;
/** Tool results are cut to this many characters in what the model reads. */
const TOOL_RESULT_CHARS = 2000;

/** System prompt of a probe-writing call. */
export const PROBES_SYSTEM = [
  'You write test questions for a benchmark of conversation summaries of coding-agent sessions.',
  'Each question asks for one fact that someone continuing the work must still know after the history is summarized:',
  'the task and its details, constraints the user set, decisions and why, errors hit and how they were fixed,',
  'what was built or changed, numbers that matter, and what is left to do. Never ask only for a file name.',
  'Reply with one JSON object and nothing else.',
].join('\n');

/** The prompt for one slice: the messages with their indexes, then the reply's shape. */
export function probesPrompt(messages: readonly Message[], slice: Slice, label: string): string {
  const rendered: string[] = [];
  for (let index = slice.start; index < slice.end; index++) {
    rendered.push(
      `<message index="${index}">\n${renderMessage(messages[index]!, { toolResultChars: TOOL_RESULT_CHARS })}\n</message>`,
    );
  }
  return [
    `<transcript part="${label}">`,
    ...rendered,
    '</transcript>',
    '',
    'Propose up to 8 facts of this part a summary must keep. For each, give:',
    `- "kind": one of ${SIDECAR_KINDS.map((kind) => `"${kind}"`).join(', ')};`,
    '- "question": asks for the fact without giving it away;',
    '- "answer": the fact in one or two sentences;',
    '- "facets": the words a summary keeping the fact must contain, copied exactly from the transcript: a list of',
    '  facets, each a list of acceptable spellings; at least one facet must be a phrase of two or more words;',
    '- "messageIndex": the index of the message that states the fact.',
    'Reply with JSON only: {"probes": [{"kind": "...", "question": "...", "answer": "...", "facets": [["..."]], "messageIndex": 0}]}',
  ].join('\n');
}

const proposalSchema = z.object({
  probes: z.array(
    z.object({
      kind: z.enum(SIDECAR_KINDS),
      question: z.string().trim().min(1),
      answer: z.string().trim().min(1),
      facets: z.array(z.array(z.string())).min(1),
      messageIndex: z.number().int().min(0),
    }),
  ),
});

/** The probes of one answer, or a {@link ProviderError} naming the call and what is wrong with the answer. */
export function parseProposals(text: string, label: string): z.infer<typeof proposalSchema>['probes'] {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  const excerpt = JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 80));
  let json: unknown;
  try {
    if (start === -1 || end < start) throw new SyntaxError('no JSON object');
    json = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new ProviderError(`${label}: the model's answer is not JSON: ${excerpt}`);
  }
  const parsed = proposalSchema.safeParse(json);
  if (!parsed.success)
    throw new ProviderError(
      `${label}: the model's answer is not a probe list (${describeSchemaProblem(parsed.error)}): ${excerpt}`,
    );
  return parsed.data.probes;
}

/** A proposal kept, as a draft; `undefined` with the reason when nothing of it stands in the transcript. */
function toDraft(
  proposal: z.infer<typeof proposalSchema>['probes'][number],
  transcript: TextIndex,
  messageCount: number,
): { draft?: DraftProbe; reason?: string } {
  if (proposal.messageIndex >= messageCount)
    return { reason: `messageIndex ${proposal.messageIndex} is past the last message` };
  const facets = proposal.facets
    .map((spellings) =>
      spellings.map((spelling) => spelling.trim()).filter((spelling) => spelling && transcript.has(spelling)),
    )
    .filter((spellings) => spellings.length > 0);
  if (facets.length === 0) return { reason: 'no facet occurs in the transcript' };
  const { kind, question, answer, messageIndex } = proposal;
  return { draft: { kind, question, answer, facets, messageIndex } };
}

/** What the model proposed: the drafts kept, and how many proposals were dropped and why. */
export type ModelProposals = { drafts: DraftProbe[]; dropped: Array<{ question: string; reason: string }> };

/** Asks the model for probes slice by slice (all at once: the caller's limit bounds them) and keeps what stands. */
export async function modelProbes(
  messages: readonly Message[],
  slices: readonly Slice[],
  complete: Caller['complete'],
  transcriptText: string,
): Promise<ModelProposals> {
  const answers = await Promise.all(
    slices.map(async (slice, index) => {
      const label = `probes slice ${index + 1}/${slices.length}`;
      const text = await complete(label, {
        system: PROBES_SYSTEM,
        prompt: probesPrompt(messages, slice, `${index + 1}/${slices.length}`),
        maxTokens: PROBE_ANSWER_MAX_TOKENS,
      });
      return parseProposals(text, label);
    }),
  );
  const transcript = createMatcher(transcriptText);
  const drafts: DraftProbe[] = [];
  const dropped: ModelProposals['dropped'] = [];
  for (const proposal of answers.flat()) {
    const { draft, reason } = toDraft(proposal, transcript, messages.length);
    if (draft) drafts.push(draft);
    else dropped.push({ question: proposal.question, reason: reason! });
  }
  return { drafts, dropped };
}
