/**
 * A second thing a request asks to be built: "Create a page that shows label counts … Create an issue metrics endpoint
 * that can aggregate metric calculations like this and others …". The request's task probe states what it opens with
 * and its details; each further sentence of the request that opens with a verb of making (create, build, add,
 * implement, write) is a deliverable of its own, which a reader lists as part of the task and a handoff keeps or
 * drops apart from the first.
 */
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase } from './phrases.ts';
import type { userRequests } from './requests.ts';

type Request = ReturnType<typeof userRequests>[number];

// A sentence that asks for something to be made, as its opening verb says.
const MAKING = /^(?:please\s+)?(?:create|build|add|implement|write|make)\s+(?:a|an|the|new|one)\b/i;
// A request typed rather than pasted (a pasted plan's sentences are its steps).
const MAX_REQUEST_CHARS = 1500;
const STATEMENT_CHARS = 240;
// A verb of making is no content of the deliverable: its key phrase is what is made.
const VERB = /^(?:please|create|build|add|implement|write|make)$/i;

/**
 * One task probe per further deliverable of a request the agent went to work on: a sentence opening with a verb of
 * making that the request's task probe (`tasks`) does not quote, after the first such sentence.
 */
export function deliverableProbes(requests: readonly Request[], tasks: readonly DraftProbe[]): DraftProbe[] {
  return requests.flatMap((request) => {
    if (!request.startedWork || request.ticket || request.prose.length > MAX_REQUEST_CHARS) return [];
    const task = tasks.find((probe) => probe.kind === 'task' && probe.messageIndex === request.messageIndex);
    if (!task) return [];
    const making = request.sentences.filter((sentence) => MAKING.test(sentence.trim()));
    return making.slice(1).flatMap((sentence) => {
      if (task.answer.includes(clipWords(sentence, 60).replace(/…$/, ''))) return [];
      const phrase = keyPhrase(sentence, 4, (word) => !VERB.test(word));
      if (!phrase) return [];
      const said = clipWords(sentence, STATEMENT_CHARS);
      return [
        {
          kind: 'task' as const,
          messageIndex: request.messageIndex,
          question: `What else did the user ask to be made in the request that begins "${clipWords(request.sentences[0]!, 60)}"?`,
          answer: `The user asked: "${said}"`,
          facets: [[phrase]],
          statement: said,
        },
      ];
    });
  });
}
