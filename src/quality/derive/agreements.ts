/**
 * Decisions the user and the agent settled in conversation rather than by a pick among labelled options: a proposal
 * the user approved ("Want me to implement this approach?" → "yes"), and the proposal the user asked for ("review the
 * codebase and propose a solution") when it is the agent's last word at the cut, point by point. Each is said in the
 * agent's words, since the user's words copied verbatim must not pass for what was decided. (A point the agent
 * conceded — "You're absolutely right …" — was tried and left out: on the tuning cuts one in eleven was a reader's
 * decision.)
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { renderMessage } from '../../session/transcript.ts';
import { createMatcher } from '../match.ts';
import { offeredOptions, pickedLabel, pointPairs, sessionWords } from './choices.ts';
import { agentProse } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, proseOf, sentencesOf, unwrapPromptBox } from './phrases.ts';

// Words of a statement.
const STATEMENT_CHARS = 280;

// A reply that approves what the agent proposed and nothing more: a yes, a go-ahead.
const APPROVES =
  /^(?:yes|yep|yeah|ok(?:ay)?|sure|sounds good|looks good|lgtm|go ahead|go for it|do it|please do|proceed|perfect|great|approved?|let's do (?:it|this|that)|start implementing)\b/i;
// The most an approval says before it is a request of its own.
const APPROVAL_CHARS = 80;

// How a proposal asks for the go-ahead at its end: "Want me to implement this approach?", "Ready to start WP1?".
const ASKS_APPROVAL =
  /\b(?:want me to|should I|shall I|ready to|would you like|do you want|does (?:this|that) (?:look|sound)|sounds? good|looks? good|ok(?:ay)?\?|proceed|go ahead)\b/i;

/** Whether a message ends by asking the user to approve what it proposes (in its last two sentences). */
function asksApproval(text: string): boolean {
  return sentencesOf(text.replace(/\*\*/g, ''))
    .slice(-2)
    .some((sentence) => sentence.endsWith('?') && ASKS_APPROVAL.test(sentence));
}

// An offer to find something out ("Want me to look into whether your gc config might be triggering this?", "Should I
// check what's running?"): its go-ahead starts an investigation and settles no approach, so the lines before it (the
// possible causes, the things that could help) are no proposal the user approved.
const OFFERS_TO_FIND_OUT =
  /\b(?:want me to|should I|shall I|would you like me to|do you want me to)\s+(?:first\s+)?(?:look into|look at|check|investigate|dig into|dig deeper|find out|figure out|explore|search|debug|diagnose|trace|see (?:if|whether|what|why|how))\b/i;
// Words of an offer that does something besides finding out ("check and fix it", "look into it and update the docs").
const OFFERS_A_CHANGE =
  /\b(?:implement|fix|apply|change|add|make|create|write|update|remove|delete|refactor|move|rename|set|enable|disable|commit|install)\b/i;

/** Whether a message's question asking for the go-ahead offers only to find something out. */
function offersToFindOut(text: string): boolean {
  const asking = sentencesOf(text.replace(/\*\*/g, ''))
    .slice(-2)
    .filter((sentence) => sentence.endsWith('?') && ASKS_APPROVAL.test(sentence));
  return (
    asking.length > 0 &&
    asking.every((sentence) => OFFERS_TO_FIND_OUT.test(sentence) && !OFFERS_A_CHANGE.test(sentence))
  );
}

// A go-ahead that opens a longer reply going on with how the work is to be done ("Yes, but I'd like to do a TDD
// approach …", "let's try implementing this, let "rewind" show the initial prompt …"): the proposal is approved, and
// what follows is the user's own rule, which the requests read.
const OPENS_WITH_GO_AHEAD =
  /^(?:yes|yep|yeah|ok(?:ay)?|sure|go ahead|let's (?:try )?(?:implement(?:ing)?|build(?:ing)?|do(?:ing)?) (?:this|it|that))\s*(?:[,.!;:]|$)/i;
// A go-ahead that asks for the change itself: it turns an offer to find something out into a proposal approved.
const ASKS_TO_BUILD = /^let's (?:try )?(?:implement(?:ing)?|build(?:ing)?)\b/i;

/** Whether a reply approves the proposal before it: a short go-ahead, or one that opens a reply saying how. */
function approvesProposal(reply: string): boolean {
  return approves(reply) || OPENS_WITH_GO_AHEAD.test(reply.trim());
}

/** Whether a reply approves the proposal before it: a go-ahead, short. */
export function approves(reply: string): boolean {
  const text = reply.trim();
  return text.length <= APPROVAL_CHARS && APPROVES.test(text) && !/\b(?:no|not|don't|but)\b/i.test(text);
}

// A heading, a bold line or a list item of a proposal: what it proposes, line by line.
const PROPOSAL_LINE = /^\s*(?:#{1,4}\s+|[-*]\s+|\d+[.)]\s+|\*\*)(.+?)\s*$/;
// A section that states what is proposed, not what is (a "Current State"), why or how it works ("Why it works"),
// what comes after ("Next Steps"), or what was done (a progress report's "Completed", "Done", "Remaining"); after an
// article or a possessive too ("The problem with my approach").
const NOT_PROPOSED =
  /^(?:(?:the|my|our)\s+)?(?:current|existing|today|status|summary|context|findings|next steps?|questions?|why|how|what this|impact|problem|issue|root cause|analysis|completed|done|finished|progress|remaining|changes made|what (?:was|we|i) (?:done|did|changed))\b/i;

// A heading that only labels the list under it ("## Key Points"): its points state the proposal, it states nothing.
const SECTION_LABEL = /^(?:key (?:points|changes|ideas|features)|highlights|overview|details):?$/i;

/**
 * The lines of a message that state its proposal: headings, bold lines and list items, markdown left out. A heading
 * over nothing but code (the code left out of the prose) or over another heading states nothing of its own.
 */
function proposalLines(text: string): string[] {
  const lines: string[] = [];
  // The level of the heading of a section that states no proposal: its subsections state none either.
  let skipping: number | undefined;
  let heading: string | undefined;
  let labelsNext = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const match = PROPOSAL_LINE.exec(line);
    const isHeading = match !== null && /^\s*(?:#{1,4}\s|\*\*[^*]+\*\*:?\s*$)/.test(line);
    // The heading before has a line of its own under it; one that ends in a colon labels the line of prose under it
    // ("**Your solution captures the right state:**" over "Check overlap **before** the prompt makes any
    // changes:"), which is the point.
    const prose =
      !match && !/^\s*(?:```|\|)/.test(line)
        ? line
            .replace(/\*\*|__|`/g, '')
            .replace(/\s+/g, ' ')
            .trim()
        : '';
    if (!isHeading && heading !== undefined)
      lines.push(labelsNext && prose.length > 0 ? prose.replace(/:$/, '') : heading);
    heading = undefined;
    if (!match) continue;
    const body = match[1]!
      .replace(/\*\*|__|`/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (isHeading) {
      // A bold line is a heading below any '#' one.
      const level = /^\s*(#+)/.exec(line)?.[1]!.length ?? 5;
      if (skipping !== undefined && level > skipping) continue;
      skipping = NOT_PROPOSED.test(body) ? level : undefined;
      if (skipping === undefined && body.length > 0 && !SECTION_LABEL.test(body)) {
        heading = body.replace(/:$/, '');
        labelsNext = body.endsWith(':');
      }
      continue;
    }
    if (skipping === undefined && body.length > 0 && !body.endsWith('?')) lines.push(body);
  }
  return lines;
}

/** One decision for a proposal: its lines, the first ones, as one statement. */
function proposalProbe(lines: readonly string[], messageIndex: number, how: string): DraftProbe | undefined {
  const statement = clipWords(lines.join('; '), STATEMENT_CHARS);
  const phrase = lines.map((line) => keyPhrase(line, 4)).find((found) => found !== undefined);
  if (!phrase) return undefined;
  return {
    kind: 'decision',
    messageIndex,
    question: `What did the agent propose that the user ${how}${lines.length === 1 ? `, in the point "${clipWords(lines[0]!, 60)}"` : ''}?`,
    answer: `The agent proposed: ${clipWords(lines.join('; '), 600)}`,
    facets: [[phrase]],
    statement: `Proposed: ${statement}`,
  };
}

// Lines of an approved proposal its statement takes: its heading and first point say what it is; more lines hold
// more terms than a reader's one fact of it.
const APPROVED_LINES = 2;

// The most points of an asked-for proposal taken one by one.
const MAX_PROPOSAL_POINTS = 10;
// A point of a proposal long enough to be one (not a bare heading word).
const MIN_POINT_WORDS = 6;

// A request that asks the agent to propose, not to do: its answer is the proposal.
const ASKS_PROPOSAL =
  /\b(?:propose|proposal|suggest|recommend|come up with a plan|make a plan|create a plan|draft a plan|plan (?:for|how|out)|how (?:would|should) we|(?:present|show|give|share|lay out|write up|walk me through) (?:me |us )?(?:the|your|a) plan)\b/i;

// A point that locates a finding in a file ("1. chunking.go:103 - Empty content edge case", "src/a.ts:12: unused"): a
// review's or a linter's finding, which an approval asks to fix.
const LOCATED_FINDING = /^(?:\d+[.)]\s*)?[\w@~./-]*\w\.[A-Za-z]\w*:\d+\b/;

/**
 * Whether a proposal's points are findings located in files: approving them asks for the fixes (the request's work,
 * then what the files hold), and chooses no approach, so they are no decision a reader lists.
 */
function listsLocatedFindings(lines: readonly string[]): boolean {
  return lines.every((line) => LOCATED_FINDING.test(line));
}

// A question for what is or would be ("what will happen if I change my user name on github?", "how does X work?"):
// its answer explains, and a "yes" to the offer at the answer's end ("Would you like me to create a script?") asks for
// that one thing, not for the explanation's points. A question that asks for advice ("how should we …", "what would
// you suggest?") or puts one as a question ("What if we just include both sessions?") is answered by a proposal.
const ASKS_WHAT_IS =
  /^(?:[\w\s]{0,20}[:,]\s*)?(?:why|what|how|where|when|which|who|is|are|was|were|does|do|did|will|would|isn't|aren't|has|have)\b[^?]*\?$/i;
const ASKS_ADVICE =
  /\b(?:should|shall|would you|do you (?:think|suggest|recommend|prefer)|propose|suggest|recommend|best way|better|approach|options?|plan)\b|^(?:what if|how about|why not)\b/i;

/** Whether a prompt only asks what is or would be: every sentence of it such a question, none asking for advice. */
function asksWhatIs(prompt: string): boolean {
  const sentences = sentencesOf(proseOf(unwrapPromptBox(prompt)) || prompt);
  return (
    sentences.length > 0 &&
    sentences.every((sentence) => ASKS_WHAT_IS.test(sentence) && !ASKS_ADVICE.test(sentence))
  );
}

/** Whether a reply picks one of the options a message offers (then the pick is the decision, choices.ts). */
function picksOption(message: Message, reply: string): boolean {
  const label = pickedLabel(proseOf(reply) || reply.trim());
  return label !== undefined && offeredOptions(message).some((option) => option.label === label);
}

/**
 * Decisions settled in conversation before the end of `messages` (the cut): each proposal the user's next prompt
 * approved, and the proposal the last request asked for when the agent's answer is the last word.
 */
export function agreementProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  // The agent's last message with text since the user's last prompt, and that prompt.
  let lastText: { text: string; messageIndex: number } | undefined;
  let lastRequest: string | undefined;
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') {
      const text = agentProse(message).trim();
      if (text.length > 0) lastText = { text, messageIndex };
      return;
    }
    if (!isPrompt(message)) return;
    const reply = contentText(message.content);
    const proposal = lastText;
    const asked = lastRequest;
    lastText = undefined;
    lastRequest = reply;
    if (
      !proposal ||
      (asked !== undefined && asksWhatIs(asked)) ||
      !asksApproval(proposal.text) ||
      (offersToFindOut(proposal.text) && !ASKS_TO_BUILD.test(reply.trim())) ||
      !approvesProposal(proseOf(reply) || reply) ||
      picksOption(messages[proposal.messageIndex]!, reply)
    )
      return;
    const lines = proposalLines(proposal.text);
    const probe =
      lines.length >= 2 && !listsLocatedFindings(lines.slice(0, APPROVED_LINES))
        ? proposalProbe(lines.slice(0, APPROVED_LINES), messageIndex, 'approved')
        : undefined;
    if (probe) probes.push(probe);
  });
  // The proposal the user asked for, as the agent's last word: nothing has overruled it.
  if (lastText && lastRequest !== undefined && ASKS_PROPOSAL.test(proseOf(unwrapPromptBox(lastRequest)))) {
    // Each point on its own: an asked-for proposal is the answer, and its points are the decisions a reader lists.
    const points = proposalLines(lastText.text)
      .filter((line) => line.split(/\s+/).length >= MIN_POINT_WORDS)
      .slice(0, MAX_PROPOSAL_POINTS);
    const words = sessionWords(messages);
    const before = createMatcher(
      messages
        .slice(0, lastText.messageIndex)
        .map((message) => renderMessage(message, { toolResultChars: Number.POSITIVE_INFINITY }))
        .join('\n'),
    );
    for (const point of points) {
      const probe = proposalProbe([point], lastText.messageIndex, 'asked for');
      // A point told by what it proposes, as a pick is told by what it does (choices.ts `pointPairs`).
      const pairs = pointPairs(
        point,
        points.filter((other) => other !== point),
        words,
        before,
      );
      if (probe) probes.push(pairs.length > 0 ? { ...probe, wordPairs: pairs } : probe);
    }
  }
  return probes;
}
