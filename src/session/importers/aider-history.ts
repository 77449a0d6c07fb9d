/**
 * The blocks of an Aider chat history (`.aider.chat.history.md`), as Aider's `InputOutput` appends them: each
 * run opens with `# aider chat started at <time>`; what the user typed is written line by line after `#### `;
 * what Aider itself says (notices, questions and their answers, errors) after `> `, ending in two spaces (a
 * message of several lines is quoted on its first line only and ends on the first line that ends in two
 * spaces; lines straight after a notice, with no blank line between, are part of it); the model's reply is
 * written as it is, after a blank line.
 */

/** One block of the history, with the 1-based line it starts on. */
export type HistoryBlock =
  | { kind: 'run'; time: number | undefined; line: number }
  | { kind: 'input'; text: string; line: number }
  | { kind: 'notice'; text: string; line: number }
  | { kind: 'reply'; text: string; line: number };

const RUN = /^# aider chat started at (\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)\s*$/;
const INPUT = /^####(?: |$)/;
const NOTICE = /^>(?: |$)/;

/** Whether a line opens a run, an input or a notice (anything else belongs to a reply). */
function opensBlock(line: string): boolean {
  return RUN.test(line) || INPUT.test(line) || NOTICE.test(line);
}

/** A line without the two spaces Aider ends a line of input or a notice with. */
const unbreak = (line: string) => line.replace(/ {2}$/, '');

/** Whether the text starts like an Aider chat history (its first non-blank line opens a run). */
export function looksLikeAiderHistory(head: string): boolean {
  const first = head.split('\n').find((line) => line.trim() !== '');
  return first !== undefined && RUN.test(first.trimEnd());
}

/** The blocks of a history's text, in order. Times are read as written (no zone): as UTC. */
export function historyBlocks(text: string): HistoryBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: HistoryBlock[] = [];
  let reply: { lines: string[]; line: number } | undefined;
  const endReply = () => {
    if (reply) {
      const body = reply.lines.join('\n').trim();
      if (body !== '') blocks.push({ kind: 'reply', text: body, line: reply.line });
    }
    reply = undefined;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const number = index + 1;
    const run = RUN.exec(line.trimEnd());
    if (run) {
      endReply();
      const time = Date.parse(`${run[1]}T${run[2]}Z`);
      blocks.push({ kind: 'run', time: Number.isNaN(time) ? undefined : time, line: number });
      continue;
    }
    if (INPUT.test(line)) {
      endReply();
      const input: string[] = [];
      while (index < lines.length && INPUT.test(lines[index]!)) {
        input.push(unbreak(lines[index]!.replace(/^####\s?/, '')));
        index++;
      }
      index--;
      blocks.push({ kind: 'input', text: input.join('\n').trimEnd(), line: number });
      continue;
    }
    if (NOTICE.test(line)) {
      endReply();
      const notice = [line.replace(/^>\s?/, '')];
      // A message of several lines is quoted on its first line only; it ends on a line ending in two spaces.
      if (!/ {2}$/.test(line) && line.trim() !== '>') {
        let next = index + 1;
        while (next < lines.length && !opensBlock(lines[next]!) && !/ {2}$/.test(lines[next]!)) next++;
        if (next < lines.length && !opensBlock(lines[next]!)) {
          notice.push(...lines.slice(index + 1, next + 1));
          index = next;
        }
      }
      // Lines straight after a notice, with no blank line between, are part of it (a reply follows a blank line).
      while (index + 1 < lines.length && lines[index + 1]!.trim() !== '' && !opensBlock(lines[index + 1]!)) {
        notice.push(lines[++index]!);
      }
      const text = notice.map(unbreak).join('\n').trim();
      if (text !== '') blocks.push({ kind: 'notice', text, line: number });
      continue;
    }
    if (!reply) {
      if (line.trim() === '') continue;
      reply = { lines: [], line: number };
    }
    reply.lines.push(line);
  }
  endReply();
  return blocks;
}
