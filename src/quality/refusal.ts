/**
 * A thing the user said no to, read where it is told: a prompt that declines what the agent just offered ("no don't
 * set it"), Claude Code's report of a tool call the user rejected, or a sentence saying the user refused it. A rule
 * against that thing (vetoes.ts) is kept where the offer or the call is followed by its refusal: a whole transcript
 * states the veto so, and so does a summary that copies the call with its refusal.
 */

/**
 * A prompt that declines: it opens with a no ("no", "nope", "don't", "no need", "not now", "let's not"). A bare "no"
 * must stand as a word of its own ("no, that's horrible", "no don't set it"), not open a noun phrase ("no power
 * monitor, but a blank rectangle"). Taking the step over is a decline too ("I'll do that manually").
 */
export const DECLINE =
  /^\s*(?:(?:no|nope|nah)(?:[,.!]|\s+(?:don't|do not|need|thanks|thank you|let's|not|leave|keep|wait)\b|\s*$)|don't\b|do not\b|not now\b|not yet\b|let's not\b|please don't\b|i(?:'ll| will) (?:do|handle|take care of) (?:that|it|this)(?: myself| manually)?\b)/i;

// How Claude Code reports a tool call the user rejected (canonical text: lower case, spaces folded).
const REJECTED_REPORT = "the user doesn't want to proceed with this tool use";
// A sentence that says the user refused what it names: "…, but the user declined", "… (he said no)", "… but the user
// rejected it". The refusal names nothing else after it: "… but the user rejected the chmod change" refuses that
// change, not what the sentence named first.
const REFUSED_IN_PROSE =
  /^[^.?!;[]{0,80}?\b(?:the user|user|he|she|they)\s+(?:said no|declined|refused|rejected|vetoed|turned (?:it|this|that) down)(?:\s+(?:to\s+)?(?:it|this|that|them|the (?:offer|idea|suggestion|proposal|call|command|request)))?(?=\s*(?:[.,;:!?)\]]|$)|\s+(?:and|but|so|because|since|as|when|with|saying|outright|again)\b)/;
// How far after a mention its refusal may stand in prose: the rest of the offer's sentence, or of a copied call's line.
const REACH = 300;
// How far the next block of a rendered transcript may stand: a rejected call's arguments may hold a long commit message.
const BLOCK_REACH = 4000;
// A block's tag in a rendered transcript (transcript.ts), in canonical text: the first after a mention ends its block.
const BLOCK_TAG =
  /\[(user|assistant|assistant thinking|assistant tool calls|tool result|tool result \(error\)|context: [^\]]{1,40})\]:\s*/;

/**
 * Whether what a canonical text says right after `end` is the user's no to it (see the module's doc); `text.slice`
 * reads the text's characters `[start, end)` (a long text's index reads them without making the whole text).
 */
export function refusedAfter(text: { slice(start: number, end: number): string }, end: number): boolean {
  const line = text.slice(end, end + REACH);
  if (REFUSED_IN_PROSE.test(line)) return true;
  // A summary copying a rejected call with its report ("`git reset --hard`: The user doesn't want to proceed …").
  const report = line.indexOf(REJECTED_REPORT);
  if (report >= 0 && !BLOCK_TAG.test(line.slice(0, report))) return true;
  const after = text.slice(end, end + BLOCK_REACH);
  const block = BLOCK_TAG.exec(after);
  if (!block) return false;
  const reply = after.slice(block.index + block[0].length);
  if (block[1] === 'user') return DECLINE.test(reply);
  return block[1] === 'tool result (error)' || block[1] === 'tool result'
    ? reply.startsWith(REJECTED_REPORT)
    : false;
}

// An offer put as a question, right before what it offers: "want me to …", "should I …", "shall I …", "would you like
// me to …" (canonical text: lower case).
const OFFER_OPENING =
  /(?:^|[.!?;:]\s+|\s-\s+)(?:(?:do you )?want me to|would you like me to|should i|shall i|ok(?:ay)? to|(?:should|shall) we)\s+(?:\S+\s+){0,3}$/;
// The rest of the offer's question after the mention: no sentence ends before its question mark.
const QUESTION_END = /^[^.!?;]{0,120}\?\s*/;

/**
 * Whether a mention is what an offer's question asks to do and the words right after the question decline it, with no
 * block tag between ("Want me to proceed with this structure? no, that's horrible."): a transcript's text kept
 * without its tags (a truncation of the rendered messages) tells the prompt that declines so.
 */
export function declinedAfterOffer(
  text: { slice(start: number, end: number): string },
  start: number,
  end: number,
): boolean {
  if (!OFFER_OPENING.test(text.slice(Math.max(0, start - 80), start))) return false;
  const after = text.slice(end, end + REACH);
  const question = QUESTION_END.exec(after);
  return question !== null && DECLINE.test(after.slice(question[0].length));
}
