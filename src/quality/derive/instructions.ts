/**
 * The project's standing rules as its instructions file states them (CLAUDE.md, AGENTS.md, GEMINI.md), where the
 * transcript holds that file: the agent read it with a tool, or the harness injected it as instructions (Codex's
 * "# AGENTS.md instructions"). Each rule line ("Always set NODE_ENV=test when running tests", "11. CRITICAL: Always
 * update schemas when database changes") is a constraint a successor must keep to. A search's hit on the file is one
 * line out of its context, so only a hit that is a whole rule item of the file's lists counts: a rule the agent's own
 * search brought up (`rg createService` finding rule 11), beside the first rules of the file as it printed it.
 */
import { coreCommand, shellCommand } from '../../session/shell-commands.ts';
import type { Message, ToolCallBlock } from '../../session/types.ts';
import { contentText, toolCallsById } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, wordsOf } from './phrases.ts';

// An instructions file by its name.
const INSTRUCTIONS_FILE = /(?:^|[\s/'"=])((?:CLAUDE|AGENTS|GEMINI)(?:\.local)?\.md)\b/;
// A command that prints a file (not one that searches it: a grep's hits are lines out of their context).
const PRINTS = /^\s*(?:cat|sed|head|tail|less|more|bat|nl|awk)\b/;
// A search command: its output lines are hits, each prefixed with its file (`CLAUDE.md:11. **CRITICAL: …`).
const SEARCHES = /^\s*(?:rg|grep|egrep|ag|ack|git\s+grep)\b/;
// A search's hit on an instructions file: the file (any folder before it), a line number maybe, then the line.
const HIT = /^(?:\S*\/)?((?:CLAUDE|AGENTS|GEMINI)(?:\.local)?\.md):(?:\d+:)?(.*)$/;
// A line of a list: a rule item, not a sentence of prose or code cut from its paragraph.
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
// A line that sets a rule.
const RULE =
  /\b(?:always|never|must|don't|do not|avoid|should not|shouldn't|required|critical|important|only use|prefer)\b/i;
// The most rules one reading of a file gives, and the fewest words a rule line has.
const MAX_RULES = 4;
const MIN_RULE_WORDS = 4;
const RULE_CHARS = 240;
// A rule set under a short label that sets nothing itself ("Error handling: …", "Testing: …"): the rule after it.
const RULE_LABEL =
  /^(?![^:]*\b(?:always|never|must|don't|do not|avoid|no|not|only)\b)[\w][\w /&-]{0,30}:\s+(\S.*)$/i;

/** The instructions file a tool call prints, if it prints one. */
function printedFile(call: ToolCallBlock): string | undefined {
  const { file_path: filePath, path } = call.arguments;
  const read = [filePath, path].find((value) => typeof value === 'string') as string | undefined;
  if (read && /^read$/i.test(call.name)) return INSTRUCTIONS_FILE.exec(read)?.[1];
  const shell = shellScript(call);
  return shell !== undefined && PRINTS.test(shell) ? INSTRUCTIONS_FILE.exec(shell)?.[1] : undefined;
}

/** Whether a tool call searches files (a Grep tool, or `rg`, `grep`, `ag`, `git grep` in a shell). */
function searches(call: ToolCallBlock): boolean {
  if (/^grep$/i.test(call.name)) return true;
  const shell = shellScript(call);
  return shell !== undefined && SEARCHES.test(shell);
}

/** A shell call's command as run, set-up aside: a command given as one string may still wrap itself in a shell (`bash -lc "cat AGENTS.md"`). */
function shellScript(call: ToolCallBlock): string | undefined {
  const command = shellCommand(call);
  return command
    ? coreCommand(command.replace(/^(?:bash|sh|zsh)\s+-l?c\s+/, '').replace(/^["']|["']$/g, ''))
    : undefined;
}

/** The list items of instructions files among a search's hits, by file. */
export function searchedRuleItems(output: string): Map<string, string[]> {
  const items = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const hit = HIT.exec(line.trim());
    if (!hit || !LIST_ITEM.test(hit[2]!)) continue;
    items.set(hit[1]!, [...(items.get(hit[1]!) ?? []), hit[2]!]);
  }
  return items;
}

/** The rule lines of an instructions file's text: list items and sentences that set a rule, code left out. */
export function ruleLines(text: string): string[] {
  const rules: string[] = [];
  let fenced = false;
  for (const raw of text.split('\n')) {
    // A read tool numbers its lines ("    12→…"): the file's own line follows the arrow.
    const line = raw.replace(/^\s*\d+\s*(?:→|\t)/, '');
    if (/^\s*(?:```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || /^\s*#/.test(line)) continue;
    const plain = line
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
      .replace(/\*\*|__|`/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (wordsOf(plain).length < MIN_RULE_WORDS || !RULE.test(plain)) continue;
    rules.push(clipWords(plain, RULE_CHARS));
  }
  return rules;
}

/** One constraint per rule line of each instructions file the transcript holds (the last reading of each file). */
export function instructionProbes(messages: readonly Message[]): DraftProbe[] {
  const calls = toolCallsById(messages);
  const readings = new Map<string, { text: string; messageIndex: number }>();
  const hits = new Map<string, { text: string; messageIndex: number }>();
  messages.forEach((message, messageIndex) => {
    if (message.role === 'user' && message.context === 'instructions') {
      const text = contentText(message.content);
      const file = INSTRUCTIONS_FILE.exec(text.slice(0, 200))?.[1] ?? 'instructions';
      readings.set(file, { text, messageIndex });
      return;
    }
    if (message.role !== 'toolResult' || message.isError) return;
    const call = calls.get(message.toolCallId);
    const file = call ? printedFile(call) : undefined;
    if (file) readings.set(file, { text: contentText(message.content), messageIndex });
    else if (call && searches(call))
      for (const [searched, items] of searchedRuleItems(contentText(message.content)))
        hits.set(searched, { text: items.join('\n'), messageIndex });
  });
  const seen = new Set<string>();
  return [...readings, ...hits].flatMap(([file, { text, messageIndex }]) =>
    ruleLines(text)
      .filter((rule) => !seen.has(rule) && seen.add(rule))
      .slice(0, MAX_RULES)
      .flatMap((line): DraftProbe[] => {
        // A rule under a label ("Error handling: Always use @repo/result for Result types") is what follows the
        // label: the label names its topic, which a faithful paraphrase need not repeat ("return @repo/result
        // Result values").
        const after = RULE_LABEL.exec(line)?.[1];
        const afterPhrase = after === undefined ? undefined : keyPhrase(after, 4);
        const rule = afterPhrase === undefined ? line : after!;
        const phrase = afterPhrase ?? keyPhrase(line, 4);
        if (!phrase) return [];
        return [
          {
            kind: 'constraint',
            messageIndex,
            question: `What rule does the project's ${file} set about "${clipWords(phrase, 40)}"?`,
            answer: `${file} says: "${rule}"`,
            facets: [[phrase]],
            statement: `${file}: ${rule}`,
          },
        ];
      }),
  );
}
