/**
 * What the user ruled out by saying no to the agent: a tool call the user rejected with a reason (Claude Code's "The
 * user doesn't want to proceed with this tool use … the user said: don't check this in"), and an offer the agent made
 * ("Want me to also set `gc.auto 0`?") that the user's next prompt declined ("no don't set it"). Each is a standing
 * rule a successor must not break by doing the thing again, stated with what was ruled out, since the user's reply
 * alone ("don't check this in") does not say what.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { Message, ToolCallBlock } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsById } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { DECLINE } from '../refusal.ts';
import { offerOf } from './closing-offer.ts';
import { clipWords, keyPhrase, phraseAfter, proseOf } from './phrases.ts';

// How Claude Code reports a tool call the user rejected, and where the user's reason follows.
const REJECTED_CALL = /^The user doesn't want to proceed with this tool use\./;
const REASON_AFTER = /the user said:\s*/i;

// Words of a command or an offer a statement quotes.
const ACTION_CHARS = 160;

/** What a tool call does, in a line: its command, else the file it writes or edits, else its name. */
function callSummary(call: ToolCallBlock): string {
  const args = call.arguments;
  const command = typeof args.command === 'string' ? args.command : undefined;
  if (command) return clipWords(command.split('\n')[0]!, ACTION_CHARS);
  const path = [args.file_path, args.path, args.notebook_path].find((value) => typeof value === 'string');
  // The file by its name: its whole path is no phrase a summary repeats.
  return path ? `${call.name} ${fileName(String(path))}` : call.name;
}

/** The telling phrases of a reason, longest first: spellings of one facet, so a word the facet rules drop leaves others. */
function reasonPhrases(reason: string): string[] {
  const phrases = [4, 3, 2].map((words) => keyPhrase(reason, words));
  return [...new Set(phrases.filter((phrase): phrase is string => phrase !== undefined))];
}

/** Whether a tool call works on a file (an edit, a write, a read) rather than running a command. */
function isFileCall(call: ToolCallBlock): boolean {
  return typeof call.arguments.command !== 'string' && callSummary(call) !== call.name;
}

/** A phrase of what was ruled out: its most telling words, else its first ones ("set gc.auto 0"). */
function actionPhrase(action: string): string | undefined {
  return keyPhrase(action, 4) ?? phraseAfter(action.replace(/`/g, ''), 4);
}

/** One constraint per tool call the user rejected with a reason: what it would have done, and the reason. */
export function rejectedCallProbes(messages: readonly Message[]): DraftProbe[] {
  const calls = toolCallsById(messages);
  const probes: DraftProbe[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'toolResult') return;
    const text = contentText(message.content).trim();
    if (!REJECTED_CALL.test(text)) return;
    const reasonAt = REASON_AFTER.exec(text);
    const reason = reasonAt ? clipWords(text.slice(reasonAt.index + reasonAt[0].length), 200) : '';
    const call = calls.get(message.toolCallId);
    if (!call || reason.length === 0) return;
    const action = callSummary(call);
    // What the user said is the rule ("prefer subagents to save on the main context"); a file tool's call is said
    // by its file's name alone, which a list of paths holds.
    const said = isFileCall(call) ? reasonPhrases(reason) : [];
    const phrase = actionPhrase(action);
    const facets = said.length > 0 ? [said] : phrase ? [[phrase]] : [];
    if (facets.length === 0) return;
    // The user's own reason, for a file call, is the rule itself, stated plainly. Else the rule is said as a rule
    // against the command's phrase: ruled out first in the answer, its facet reads 'denied' (probe-reading.ts).
    const rule = said.length > 0 ? '' : `Do not ${phrase}: `;
    probes.push({
      kind: 'constraint',
      messageIndex,
      question: `What did the user stop the agent from doing (${call.name}), and what did they say?`,
      answer: `${rule}The user rejected \`${action}\` and said: "${reason}"`,
      facets,
      // What was rejected and why, then the rule it makes, as a reader writes it ("…: do not run it again").
      statement:
        said.length > 0
          ? `The user rejected ${action}: ${reason}`
          : `The user rejected ${action} (${reason}): do not run it again`,
    });
  });
  return probes;
}

/** One constraint per offer of the agent's that the user's next prompt declined: what not to do, and the reply. */
export function declinedOfferProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  let offer: string | undefined;
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') {
      const text = message.content.some((block) => block.type === 'text');
      if (text) offer = offerOf(message);
      return;
    }
    if (!isPrompt(message)) return;
    const offered = offer;
    offer = undefined;
    const reply = proseOf(contentText(message.content));
    if (!offered || !DECLINE.test(reply)) return;
    const action = clipWords(offered, ACTION_CHARS);
    const phrase = actionPhrase(action);
    if (!phrase) return;
    const said = clipWords(reply, 200);
    probes.push({
      kind: 'constraint',
      messageIndex,
      question: `What did the agent offer to do that the user declined?`,
      // A rule against what was offered: ruled out first in the answer, the offer's phrase reads 'denied'.
      answer: `Do not ${phrase}: the agent offered to ${action}; the user said: "${said}"`,
      facets: [[phrase]],
      statement: `The user declined the offer to ${action} (${said}): do not do it`,
    });
  });
  return probes;
}
