/**
 * A change the user dictated, made (docs/derived-probes.md, "A dictated change, made"): a file's artifact draft that
 * the user's own words keep by its facets (the user pasted the plan naming the function, the file, the heading) is
 * not the agent's news as it stands, but that the dictated change was made is: the draft becomes a probe read by
 * made.ts, naming the user's message that asked for it (the last before the write whose words alone keep the draft)
 * and the write that made it (the draft's edit, whose result follows it).
 */
import type { Message, UserMessage } from '../../session/types.ts';
import { contentText } from '../../session/types.ts';
import { createMatcher, type TextIndex } from '../match.ts';
import { requestDigest } from '../made.ts';
import { restingEvent } from './absences.ts';
import type { DraftProbe } from './draft.ts';

// Each user message's index, made once: every requested artifact draft walks back over the same user messages.
const userIndexes = new WeakMap<UserMessage, TextIndex>();

/** A user message's index, made on first ask and kept while its session is. */
function userIndex(message: UserMessage): TextIndex {
  let index = userIndexes.get(message);
  if (index === undefined) userIndexes.set(message, (index = createMatcher(contentText(message.content))));
  return index;
}

/**
 * The made change of an artifact draft the user's words keep: its request is the last user message before the
 * draft's write whose words alone keep it (`keeps`), its write the draft's edit; undefined where no user message
 * before the write keeps it (the user told what had been done) or the edit's result is past the cut.
 */
export function madeChangeProbe(
  draft: DraftProbe,
  messages: readonly Message[],
  keeps: (user: TextIndex, draft: DraftProbe) => boolean,
): DraftProbe | undefined {
  if (draft.kind !== 'artifact' || draft.file === undefined) return undefined;
  const writes = restingEvent(messages, draft.messageIndex);
  if (writes === undefined) return undefined;
  for (let at = draft.messageIndex - 1; at >= 0; at--) {
    const message = messages[at]!;
    if (message.role !== 'user' || message.context) continue;
    if (!keeps(userIndex(message), draft)) continue;
    const text = contentText(message.content);
    const name = draft.file.split('/').pop()!;
    // The change is the file's: a summary states it of the file, and two files changed alike stay two facts.
    const named = draft.facets.some((spellings) => spellings.some((spelling) => spelling.includes(name)));
    return {
      ...draft,
      facets: named ? draft.facets : [[name], ...draft.facets],
      question: `Was the change the user asked for in ${name} made?`,
      answer: `Yes, made as asked: ${draft.answer}`,
      made: { request: requestDigest(text), writes },
    };
  }
  return undefined;
}
