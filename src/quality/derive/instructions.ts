/**
 * The project's standing rules as its instructions file states them (CLAUDE.md, AGENTS.md, GEMINI.md), where the
 * transcript holds that file: the agent read it with a tool, or the harness injected it as instructions (Codex's
 * "# AGENTS.md instructions"). Each rule line ("Always set NODE_ENV=test when running tests", "11. CRITICAL: Always
 * update schemas when database changes") is a constraint a successor must keep to.
 */
import type { Message } from '../../session/types.ts';
import { contentText } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, wordsOf } from './phrases.ts';
import { callsById } from './vetoes.ts';

// An instructions file by its name.
const INSTRUCTIONS_FILE = /(?:^|[\s/'"=])((?:CLAUDE|AGENTS|GEMINI)(?:\.local)?\.md)\b/;
// A command that prints a file (not one that searches it: a grep's hits are lines out of their context).
const PRINTS = /^\s*(?:cat|sed|head|tail|less|more|bat|nl|awk)\b/;
// A line that sets a rule.
const RULE =
  /\b(?:always|never|must|don't|do not|avoid|should not|shouldn't|required|critical|important|only use|prefer)\b/i;
// The most rules one reading of a file gives, and the fewest words a rule line has.
const MAX_RULES = 4;
const MIN_RULE_WORDS = 4;
const RULE_CHARS = 240;

/** The instructions file a tool call prints, if it prints one. */
function printedFile(args: Record<string, unknown>, name: string): string | undefined {
  const path = [args.file_path, args.path].find((value) => typeof value === 'string') as string | undefined;
  if (path && /^read$/i.test(name)) return INSTRUCTIONS_FILE.exec(path)?.[1];
  const raw = args.command;
  const command = Array.isArray(raw) ? raw.map(String).join(' ') : typeof raw === 'string' ? raw : undefined;
  if (!command) return undefined;
  // Codex runs `bash -lc "<command>"`: the command is its last part.
  const shell = command.replace(/^\s*(?:bash|sh|zsh)\s+-l?c\s+/, '').replace(/^["']|["']$/g, '');
  return PRINTS.test(shell) ? INSTRUCTIONS_FILE.exec(shell)?.[1] : undefined;
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
  const calls = callsById(messages);
  const readings = new Map<string, { text: string; messageIndex: number }>();
  messages.forEach((message, messageIndex) => {
    if (message.role === 'user' && message.context === 'instructions') {
      const text = contentText(message.content);
      const file = INSTRUCTIONS_FILE.exec(text.slice(0, 200))?.[1] ?? 'instructions';
      readings.set(file, { text, messageIndex });
      return;
    }
    if (message.role !== 'toolResult' || message.isError) return;
    const call = calls.get(message.toolCallId);
    const file = call ? printedFile(call.arguments, call.name) : undefined;
    if (file) readings.set(file, { text: contentText(message.content), messageIndex });
  });
  const seen = new Set<string>();
  return [...readings].flatMap(([file, { text, messageIndex }]) =>
    ruleLines(text)
      .filter((rule) => !seen.has(rule) && seen.add(rule))
      .slice(0, MAX_RULES)
      .flatMap((rule): DraftProbe[] => {
        const phrase = keyPhrase(rule, 4);
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
