/**
 * A design choice the agent wrote into a commit message: a sentence of the body's prose that sets the way taken
 * against the one not taken, with what it is for ("The markdown files should be tracked in git so they're accessible
 * on GitHub, not regenerated each time"; "… so we log and continue rather than blocking the user's workflow"). The
 * commit records it as the work's intent, so a reader lists it as a decision, and a successor that undid it would
 * undo the commit's point. A description of the bug fixed ("this produced invalid JSON instead of …") is no choice:
 * the sentence must say what the work should do or does for a purpose.
 */
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import { commitSubject } from './commits.ts';
import { clipWords, isContentWord, sentencesOf } from './phrases.ts';
import type { ToolRun } from './runs.ts';

// A heredoc message (`-m "$(cat <<'EOF'\n…\nEOF`), its lines up to the closing word.
const HEREDOC = /<<-?\s*['"]?(\w+)['"]?[^\n]*\n([\s\S]*?)\n\s*\1\b/;
// Each `-m` of a command: a paragraph of the message.
const MESSAGE_PART = /\s-\w*m\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/g;

// A line of a body that is no prose of its own: a list item, a trailer, the harness's footer.
const NOT_PROSE =
  /^\s*(?:[-*•+]\s|\d+[.)]\s|[\w-]+-by:|refs?\b|part of\b|closes?\b|fixes\s+#|🤖|generated with\b|\(?[\w-]+\)?:\s*$)/i;

// The way taken set against the one not taken: "X rather than Y", "X instead of Y", "X, not Y".
const CONTRAST = /\s+(?:rather than|instead of)\s+|,\s+not\s+(?!only\b|just\b|yet\b)/i;
// What makes a sentence a choice of the work: what it should do, or what we do for a purpose ("so we log …",
// "should be tracked in git so …"), not what the code did before the fix.
const PURPOSE = /\b(?:should|must|we|so that|so (?:we|they|it|the|that))\b/i;
const PAST = /\b(?:was|were|had|did|produced|caused|used to|broke)\b/i;

// Words of the statement.
const STATEMENT_CHARS = 240;

/** A commit command's whole message, or undefined when it has none on its line. */
export function commitMessage(command: string): string | undefined {
  const heredoc = HEREDOC.exec(command);
  if (heredoc) return heredoc[2]!;
  const parts = [...command.matchAll(MESSAGE_PART)].map((match) =>
    (match[1] ?? match[2] ?? '').replace(/\\(["\\$`])/g, '$1'),
  );
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/** The prose paragraphs of a message's body (its first line, list items and trailers left out), each on one line. */
export function bodyProse(message: string): string[] {
  const body = message.split('\n').slice(1).join('\n');
  return body
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .filter((line) => line.trim() !== '' && !NOT_PROSE.test(line))
        .map((line) => line.trim())
        .join(' '),
    )
    .filter((paragraph) => paragraph.length > 0);
}

// Where the way taken is named: after what the work should do ("should be tracked in git") or what we do ("so we log
// and continue").
const WAY = /\b(?:(?:should|must)(?:\s+(?:be|stay|remain))?|we)\s+(.+)$/i;
// Where the way's words end: its purpose or reason, or the clause.
const WAY_END = /\s+(?:so|because|since|as|to|for|when|if)\s+|[,;:(]/i;
const PLAIN_WORD = /^[a-z][a-z-]*$/i;

/** The way a sentence's first part says the work takes, in two to five plain words ("tracked in git"), or undefined. */
export function chosenWay(taken: string): string | undefined {
  const way = WAY.exec(taken)?.[1]?.split(WAY_END)[0]?.trim();
  const words = way?.split(/\s+/) ?? [];
  if (words.length < 2 || words.length > 5 || !words.every((word) => PLAIN_WORD.test(word))) return undefined;
  return words.filter(isContentWord).length >= 2 ? words.join(' ') : undefined;
}

/** One decision per commit body sentence that sets the way the work takes against another, with its purpose. */
export function commitReasonProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  for (const run of runs) {
    const command = shellCommand(run.call);
    if (!command || run.failed || !commitSubject(command)) continue;
    const message = commitMessage(command);
    if (!message) continue;
    for (const sentence of bodyProse(message).flatMap(sentencesOf)) {
      const contrast = CONTRAST.exec(sentence);
      if (!contrast) continue;
      const taken = sentence.slice(0, contrast.index);
      if (!PURPOSE.test(taken) || PAST.test(taken)) continue;
      const phrase = chosenWay(taken);
      if (!phrase) continue;
      // The statement is the choice's clause with what it is set against: a reason put before it in a clause of its
      // own is the answer's ("These are persistent failures that won't resolve on retry, so we log …"), since its
      // negation ("won't … retry") reads as the choice turned round beside any line that mentions a retry.
      const way = WAY.exec(taken)!.index;
      const clauseStart = Math.max(taken.lastIndexOf(', ', way), taken.lastIndexOf('; ', way));
      const choice = clauseStart >= 0 ? sentence.slice(clauseStart + 2) : sentence;
      probes.push({
        kind: 'decision',
        messageIndex: run.messageIndex,
        question: `What did the commit "${clipWords(commitSubject(command)!, 60)}" choose, and over what?`,
        answer: `Its message says: "${clipWords(sentence, 300)}"`,
        facets: [[phrase]],
        statement: clipWords(choice, STATEMENT_CHARS),
      });
    }
  }
  return probes;
}
