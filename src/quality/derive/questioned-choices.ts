/**
 * A choice the user questioned and the agent upheld: the user asks why the work needs or uses something ("Why do we
 * need stats for the team?"), the agent answers with its reason and changes nothing, concedes nothing, and the user's
 * next prompt does not overrule it. The thing stays, for that reason: a decision a reader lists with its reason, which
 * a successor must not undo, nor ask about again. Said in the agent's words, since the user's question alone tells
 * neither which way it went nor why.
 */
import { shellCommand, isReadOnlyCommand } from '../../session/shell-commands.ts';
import { typedRequest } from '../../session/editor-prompt-header.ts';
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import { agentProse } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, isContentWord, keyPhrase, proseOf, sentencesOf, wordsOf } from './phrases.ts';

// A question why the work needs, uses or has something, put to the agent: "Why do we need stats for the team?", "why
// did you add a retry here?", "why are we keeping the old endpoint?". Not why something happens or fails ("why does
// the build fail?"): that asks for a cause, not for the reason of a choice.
const ASKS_WHY_CHOSEN =
  /^(?:(?:but|so|and|ok|okay|hm+|wait|also|quick question)[,:\s]+)*why (?:do|did|does|are|were|would|should|is) (?:we|you|it|this|that) (?:still |even |really |actually )?(need|needs|use|using|keep|keeping|have|having|add|added|adding|bring in|brought in|include|including|return|returning|store|storing|go with|pick|picked|choose|chose|want)\s+(.+?)\s*\?*\s*$/i;
// The most a question says before it is a request of its own.
const QUESTION_CHARS = 160;

// An answer that gives way: the agent agrees the thing is not needed, or offers to change it.
const CONCEDES =
  /\b(?:you're (?:absolutely |completely )?right|you are right|fair point|good catch|good point|my (?:mistake|bad)|I was wrong|(?:we|you) (?:could|can) (?:just|simply)|(?:don't|do not|doesn't|does not) (?:really |actually )?need|(?:isn't|is not|aren't|are not|wasn't|was not) (?:really |actually |strictly )?(?:needed|necessary|required)|unnecessary|not needed|(?:should|shall) I (?:remove|drop|delete|change|revert)|let me (?:remove|drop|delete|change|revert|fix))\b/i;

// A next prompt that overrules the answer: a no, or a request to take the thing out.
const OVERRULES =
  /^(?:no\b|nope\b|nah\b|remove\b|drop\b|delete\b|get rid\b|take (?:it|them|that) out|(?:then |so |ok,? |okay,? )?(?:remove|drop|delete|get rid of)\b|(?:i |we )?don't (?:need|want|think)\b|let's (?:remove|drop|not)\b)/i;

// Tools that only look: a call of one changes nothing, and an agent often reads before it answers.
const LOOKING_TOOLS =
  /^(?:read|read_?file|view|grep|glob|ls|list|find|search|web_?fetch|web_?search|todo_?write|update_plan|task(?:create|update|list|get)?)$/i;

// Words of the statement: the reason, clipped.
const REASON_CHARS = 220;

/** Whether a call of the agent may have changed something: a writing tool, or a shell command that does more than look. */
function changes(call: ReturnType<typeof toolCallsOf>[number]): boolean {
  const command = shellCommand(call);
  if (command !== undefined) return !isReadOnlyCommand(command);
  return !LOOKING_TOOLS.test(call.name);
}

/** The thing a question asks about, its words before a clause of purpose or place ("stats for the team" → "stats"). */
function subjectOf(asked: string): string | undefined {
  const head = asked.split(/\s+(?:for|in|on|at|from|to|here|there|when|if|since|now|anymore|at all)\b/i)[0]!;
  const words = wordsOf(head.replace(/`/g, '')).filter(isContentWord);
  return words.length > 0 && words.length <= 4 ? words.join(' ') : undefined;
}

/** The sentences of an answer that give its reason: those of its prose, code and file references aside. */
function reasonOf(answer: string): string {
  return sentencesOf(answer.replace(/\s*\((?:see|cf\.?)\s(?:`[^`]*`|[^)`])*\)/gi, ''))
    .filter((sentence) => !sentence.endsWith('?'))
    .join(' ');
}

/** A sentence to follow "since": its first word in lower case when it is a function word ("The", "It"), not a name. */
function sentenceCase(sentence: string): string {
  const first = /^[A-Z][a-z']*\b/.exec(sentence)?.[0];
  return first && !isContentWord(first) ? first.toLowerCase() + sentence.slice(first.length) : sentence;
}

/**
 * One decision per question of the user's why the work needs or uses something, that the agent answered with its
 * reason while changing nothing and conceding nothing, and that the user's next prompt did not overrule.
 */
export function questionedChoiceProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  messages.forEach((message, messageIndex) => {
    if (!isPrompt(message)) return;
    const typed = proseOf(typedRequest(contentText(message.content)))
      .replace(/\s+/g, ' ')
      .trim();
    if (typed.length > QUESTION_CHARS) return;
    const asked = ASKS_WHY_CHOSEN.exec(typed);
    const subject = asked ? subjectOf(asked[2]!) : undefined;
    if (!subject) return;
    let answer = '';
    let changed = false;
    let next: string | undefined;
    let answeredAt = messageIndex;
    for (let at = messageIndex + 1; at < messages.length; at++) {
      const later = messages[at]!;
      if (isPrompt(later)) {
        next = proseOf(typedRequest(contentText(later.content))).trim();
        break;
      }
      if (later.role !== 'assistant') continue;
      if (toolCallsOf(later).some(changes)) changed = true;
      const prose = agentProse(later).trim();
      if (prose) {
        answer = prose;
        answeredAt = at;
      }
    }
    // Unanswered yet, answered by a change, given way on, or overruled: no choice stands.
    if (!answer || changed || CONCEDES.test(answer) || (next !== undefined && OVERRULES.test(next))) return;
    // The reason is the answer's first sentence: what follows weighs it ("Without it we'd …") or adds more.
    const reason = clipWords(sentencesOf(reasonOf(answer))[0] ?? '', REASON_CHARS);
    // The reason in the agent's words, what a paraphrase keeps of it: its most telling plain words, not a name.
    const phrase = keyPhrase(reason.replace(/`[^`]*`/g, ' '), 2, (word) => /^[a-z][a-z-]*$/.test(word));
    if (
      !phrase ||
      phrase
        .toLowerCase()
        .split(/\s+/)
        .every((word) => subject.toLowerCase().includes(word))
    )
      return;
    probes.push({
      kind: 'decision',
      messageIndex: answeredAt,
      question: `The user asked "${clipWords(typed, 100)}": what stays, and why?`,
      answer: `The agent kept ${subject}: ${clipWords(reasonOf(answer), 400)}`,
      facets: [[subject], [phrase]],
      statement: `${subject} kept, since ${sentenceCase(reason)}`,
    });
  });
  return probes;
}
