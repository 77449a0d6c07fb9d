/**
 * Findings of an investigation and the fix proposed from them: what the evidence established, in the agent's voice
 * after it ("The debug log confirmed the post-commit hook changes the index", "The `PrepareCommitMsg` call is the
 * smoking gun"), and the fix the agent proposed last ("The fix: replace X with `git diff --cached --name-only`").
 * Both stand until the agent changes a file after them: then they were acted on, and the change is what a reader
 * reports. A guess ("this is likely the culprit", "I'd say that's our culprit") establishes nothing, and a sentence
 * that only points back ("That's the smoking gun.") says nothing a facet can hold.
 */
import type { FileOperation, Message } from '../../session/types.ts';
import { agentProse } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, sentencesOf } from './phrases.ts';

// A sentence that says what the evidence showed, with what it showed in the sentence itself: "X confirmed (that) Y",
// "X is the smoking gun", "the root cause is X", "X is what causes Y", "X is caused by Y".
const FINDING =
  /\b(?:confirm(?:s|ed) (?:that )?|(?:is|was) the (?:smoking gun|culprit|root cause)\b|the root cause (?:is|was)\b|(?:is|was) what caus(?:es|ed)\b|(?:is|was) caused by\b)/i;
// A finding that points back at what it found ("That is the smoking gun.", "This confirms it."): no facet holds it.
const POINTS_BACK = /^(?:that|this|it|there|which)(?:'s|\s+is|\s+was|\s+confirms)\b/i;
// What establishes nothing yet: a guess, a hypothesis, a question, a plan to confirm.
const UNSURE =
  /\b(?:might|may|could|would|perhaps|probably|possibly|likely|maybe|if|whether|seems?|suspect|I'd say|I think|need to|let me|let's|to confirm|not (?:yet )?confirmed)\b/i;
// Words the finding's sentence must have beyond its marker to say what was found.
const MIN_WORDS = 5;
// The longest sentence read as one finding.
const MAX_CHARS = 400;

/** Whether a sentence, markdown left out, states a finding with what was found in it. */
function isFinding(sentence: string): boolean {
  return (
    FINDING.test(sentence) &&
    !POINTS_BACK.test(sentence) &&
    !/^#|[?:]$/.test(sentence) &&
    sentence.length <= MAX_CHARS &&
    !UNSURE.test(sentence) &&
    sentence.split(/\s+/).length >= MIN_WORDS
  );
}

/** The agent's sentences of a message, bold and italics marks left out. */
const plainSentences = (message: Message): string[] =>
  sentencesOf(agentProse(message)).map((sentence) => sentence.replace(/\*\*|__/g, '').trim());

// The fix the agent proposes from what it found: "The fix: replace X with Y", "The fix is still the same: …", "But
// the fix here is the same idea: …". What follows the colon or "is to" is the fix; "The fix was adding …" reports
// one made, and "The fix ensures …" says what it does.
const PROPOSED_FIX =
  /^(?:but |so )?(?:the|my) (?:proper |real |simplest |actual )?fix(?: here)?(?:\s*:|\s+is(?: still)?(?: the same(?: idea)?)?(?:\s*:|\s+to\b))\s*(.+)$/i;

// What says the proposed fix is in: its facet, the command, says nothing of whether it was applied.
const FIX_APPLIED = [
  'applied the fix',
  'applied this fix',
  'fix was applied',
  'fix is applied',
  'fix has been applied',
];

/** The last file the agent wrote or edited, by message; -1 when it changed none. */
function lastChangeOf(fileOperations: readonly FileOperation[]): number {
  return fileOperations.reduce(
    (last, operation) => (operation.kind === 'read' ? last : Math.max(last, operation.messageIndex)),
    -1,
  );
}

/** A fix's facet: the last command it names in code (`git diff --cached --name-only`), else its key phrase. */
function fixFacet(fix: string): string | undefined {
  // The parts between backticks, the odd ones: a command holds a space.
  const code = fix.split('`').filter((_, at) => at % 2 === 1);
  const command = code.filter((part) => /\S\s+\S/.test(part)).pop();
  return command?.trim() ?? keyPhrase(fix.replace(/`/g, ''), 4);
}

/**
 * The fix the agent proposed last and has not applied before the end of `messages` (no file written or edited after
 * it): a decision still to take, "Proposed fix, not applied: replace getStagedFiles' worktree.Status() with `git diff
 * --cached --name-only`". An earlier proposal said again in other words is the same fix; the last one is the live one.
 */
export function proposedFixProbes(
  messages: readonly Message[],
  fileOperations: readonly FileOperation[],
): DraftProbe[] {
  const lastChange = lastChangeOf(fileOperations);
  let last: DraftProbe | undefined;
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'assistant' || messageIndex <= lastChange) return;
    for (const plain of plainSentences(message)) {
      const fix = PROPOSED_FIX.exec(plain)?.[1];
      if (!fix || plain.endsWith('?') || plain.length > MAX_CHARS || UNSURE.test(plain)) continue;
      const facet = fix.split(/\s+/).length >= 3 ? fixFacet(fix) : undefined;
      if (!facet) continue;
      last = {
        kind: 'decision',
        messageIndex,
        question: `What fix did the agent propose in "${clipWords(plain, 60)}", and is it applied?`,
        answer: `The agent proposed, and has not applied: "${clipWords(plain, 300)}"`,
        facets: [[facet]],
        statement: `Proposed fix, not applied yet: ${fix}`,
        contradictions: FIX_APPLIED,
      };
    }
  });
  return last ? [last] : [];
}

/**
 * One state probe per finding the agent stated and did not act on before the end of `messages` (no file written or
 * edited after it): "Found: the post-commit hook changes the index", its key phrase the facet. Said again in other
 * sentences, it is one finding.
 */
export function findingProbes(
  messages: readonly Message[],
  fileOperations: readonly FileOperation[],
): DraftProbe[] {
  const lastChange = lastChangeOf(fileOperations);
  const probes: DraftProbe[] = [];
  const seen = new Set<string>();
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'assistant' || messageIndex <= lastChange) return;
    for (const finding of plainSentences(message).filter(isFinding)) {
      const phrase = keyPhrase(finding, 4);
      if (!phrase || seen.has(phrase.toLowerCase())) continue;
      seen.add(phrase.toLowerCase());
      probes.push({
        kind: 'state',
        messageIndex,
        question: `What did the investigation establish in "${clipWords(finding, 60)}"?`,
        answer: `The agent found: "${clipWords(finding, 300)}"`,
        facets: [[phrase]],
        statement: `Found: ${finding}`,
      });
    }
  });
  return probes;
}
