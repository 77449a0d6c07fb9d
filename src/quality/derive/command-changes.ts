/**
 * What the agent changed by a command, outside the files its edit tools wrote (docs/derived-probes.md, "A change made
 * by a command"): a GitHub issue or pull request retitled with `gh issue|pr edit`, an item of a tracker created or
 * retitled with its command-line client (Beads' `bd create`, `bd update --title`), a file's text replaced with
 * `sed -i` or `perl -pi`. Each is an artifact of the work as an edited file is: its facets are what it names (the
 * issue's number, the item's id, the file) and what the command set, in plain words (the title past its label, the
 * replacing text), never the bare command, id or path, so a path list or an identifier bag keeps none. What a summary
 * names an item by is its title: a comment's, a note's or a body's prose is detail no handoff repeats in its words
 * (their first words as a facet were kept by no faithful handoff, round s40 D167). A command that failed changed
 * nothing; an item opened with `gh issue|pr create` is a state of the work already (work-state.ts), and a ticket
 * claimed or closed is the ticket's state.
 */
import type { Message } from '../../session/types.ts';
import { fileName } from '../../session/normalise-path.ts';
import { shellCommand } from '../../session/shell-commands.ts';
import { shellWords } from '../../session/importers/shell-file-targets.ts';
import { plainPhrase } from './artifacts.ts';
import type { DraftProbe } from './draft.ts';
import { clausesOf, clipWords, isContentWord, wordsOf } from './phrases.ts';
import type { ToolRun } from './runs.ts';

/** One change a command made: what it names, how it changed, what it set, and the call's message. */
type CommandChange = {
  /** The thing changed as a summary names it ("GitHub issue #1263", "item av-44n", "skill.md"). */
  subject: string;
  /** The spellings that name it (`#1263`, `av-44n`, `skill.md`). */
  names: string[];
  /** What the command did to it ("retitled", "created", "commented on"). */
  verb: string;
  /** What the command set, as it wrote it (a title, a comment, the replacing text). */
  text: string;
  /** What it replaced, for a text replaced in a file. */
  replaced?: string;
  file?: string;
  messageIndex: number;
};

// Words of a command's text an artifact's statement takes: about one summary clause, as artifacts.ts's.
const DESCRIPTION_WORDS = 14;
// A label before a title or a note ("EPIC:", "feat(trace):", "Alignment update 2026-06-22:"): the same on many items,
// it tells none of them.
const LEAD_LABEL = /^\s*(?:[\w-]+(?:\([^)]*\))?!?|[A-Z][\w ]{0,30}?(?:\s\d{4}-\d{2}-\d{2})?)\s*:\s+/;

/** A text without its leading label, markdown marks and line breaks: what it says. */
function said(text: string): string {
  return text
    .replace(/\\n/g, '\n')
    .replace(/^#+\s+.*$/gm, ' ')
    .replace(/[`*_]+/g, '')
    .replace(LEAD_LABEL, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The value of the first of `flags` in a command's words (`--title "…"`, `--title=…`), or undefined. */
function flagValue(words: readonly string[], flags: readonly string[]): string | undefined {
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    if (flags.includes(word) && at + 1 < words.length) return unquoted(words[at + 1]!);
    const joined = flags.find((flag) => flag.startsWith('--') && word.startsWith(`${flag}=`));
    if (joined) return unquoted(word.slice(joined.length + 1));
  }
  return undefined;
}

/** A word as the shell gives it: an ANSI-C quoted `$'…'` without its `$`. */
const unquoted = (word: string): string => word.replace(/^\$(?=\S)/, '');

/** The operands of a command's words after its program and subcommands: those that are no flag or flag value. */
function operands(words: readonly string[], from: number, valued: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (let at = from; at < words.length; at++) {
    const word = words[at]!;
    if (word.startsWith('-')) {
      if (valued.has(word)) at++;
      continue;
    }
    found.push(unquoted(word));
  }
  return found;
}

// Flags of `gh issue|pr edit` that take a value.
const GH_VALUED = new Set(
  '--repo -R --title -t --body -b --body-file -F --add-label --remove-label --add-assignee --milestone'.split(
    ' ',
  ),
);

/** The title one `gh issue|pr edit` gave, or undefined. */
function githubChange(words: readonly string[], run: ToolRun): CommandChange | undefined {
  const [, item, action] = words;
  if ((item !== 'issue' && item !== 'pr') || action !== 'edit') return undefined;
  const number = operands(words, 3, GH_VALUED)[0]?.replace(/^#/, '');
  if (!number || !/^\d+$/.test(number)) return undefined;
  // What a summary names an issue by is its title: a comment's or a body's prose is detail no handoff quotes.
  const title = flagValue(words, ['--title', '-t']);
  if (!title) return undefined;
  const kind = item === 'pr' ? 'pull request' : 'issue';
  const body = words.some((word) => ['--body', '-b', '--body-file', '-F'].includes(word));
  const verb = `retitled${body ? ' and its body rewritten' : ''}`;
  return {
    subject: `GitHub ${kind} #${number}`,
    // A summary writes `#1263` or "issue 1263" for it; the transcript may hold only the latter or the address.
    names: [`#${number}`, `${kind} ${number}`, `${kind} #${number}`],
    verb,
    text: title,
    messageIndex: run.messageIndex,
  };
}

// Flags of `bd create|update` that take a value.
const BD_VALUED = new Set(
  (
    '--title --type -t --priority -p --labels -l --parent --deps --description -d --design --acceptance --notes ' +
    '--append-notes --external-ref --assignee -a --status -s --metadata --set-metadata --id --file -f'
  ).split(' '),
);
// The id of the item created, as a tracker's client prints it: `"id": "av-44n"` (JSON), "Created issue: av-44n".
const CREATED_ID = /"id"\s*:\s*"([\w.-]+)"|Created(?: issue)?:?\s+([A-Za-z]\w*-\w+(?:\.\d+)*)/;

// A tracker item's id: `av-44n`, `spotter-a0y.2`.
const TRACKER_ID = /^[A-Za-z][\w]*-[\w]+(?:\.\d+)*$/;

/** What one `bd create|update` set: an item created with its title, or an item retitled. */
function trackerChange(words: readonly string[], run: ToolRun): CommandChange | undefined {
  const action = words[1];
  if (action === 'create') {
    const title = flagValue(words, ['--title']) ?? operands(words, 2, BD_VALUED)[0];
    const match = CREATED_ID.exec(run.output);
    const id = match?.[1] ?? match?.[2];
    if (!title || !id) return undefined;
    return {
      subject: `tracker item ${id}`,
      names: [id],
      verb: 'created',
      text: title,
      messageIndex: run.messageIndex,
    };
  }
  // An item given a new title; a note or a description is detail, as a comment on an issue is.
  const title = action === 'update' ? flagValue(words, ['--title']) : undefined;
  const [id] = operands(words, 2, BD_VALUED);
  if (!title || !id || !TRACKER_ID.test(id)) return undefined;
  return {
    subject: `tracker item ${id}`,
    names: [id],
    verb: 'retitled',
    text: title,
    messageIndex: run.messageIndex,
  };
}

// A substitution of sed or perl: `s/old/new/flags`, any delimiter.
const SUBSTITUTION = /^s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1[a-z]*$/;

/** The text of a substitution's side as it reads: its escapes and a regular expression's anchors and classes out. */
const literal = (side: string): string =>
  side
    .replace(/\\(.)/g, '$1')
    .replace(/[\^$]|\.\*|\[[^\]]*\]/g, ' ')
    .trim();

// A mark of code in a replacing text: brackets, an assignment or statement end, a member access, a path.
const CODE_MARK = /[(){}\[\]=;<>|\\/]|\w\.\w/;
// A word of prose in a replacing text: letters (one capital at most, first), or a number.
const PROSE_WORD = /^(?:[A-Za-z][a-z]*|\d+(?:\.\d+)?\+?)$/;

/**
 * The longest run of prose words (numbers too: "117 segments") within one clause of a replacing text, from and to a
 * content word, with two content words at least: what the replacement says.
 */
function proseRun(text: string): string | undefined {
  let best: string[] | undefined;
  for (const clause of clausesOf(text)) {
    let run: string[] = [];
    for (const word of [...wordsOf(clause), '']) {
      if (PROSE_WORD.test(word)) {
        run.push(word);
        continue;
      }
      let start = 0;
      let end = run.length;
      while (start < end && !isContentWord(run[start]!)) start++;
      while (end > start && !isContentWord(run[end - 1]!)) end--;
      const trimmed = run.slice(start, end);
      if (trimmed.filter(isContentWord).length >= 2 && trimmed.length > (best?.length ?? 0)) best = trimmed;
      run = [];
    }
  }
  return best?.join(' ');
}

/** What one `sed -i` or `perl -pi` replaced in each file it names: a text put in for another. */
function replacedText(words: readonly string[], run: ToolRun): CommandChange[] {
  const program = words[0]?.split('/').at(-1);
  const inPlace =
    (program === 'sed' && words.some((word) => /^-[a-zA-Z]*i/.test(word) || word.startsWith('--in-place'))) ||
    (program === 'perl' && words.some((word) => /^-\w*i/.test(word) && /p/.test(word)));
  if (!inPlace) return [];
  const scripts: string[] = [];
  const files: string[] = [];
  for (let at = 1; at < words.length; at++) {
    const word = words[at]!;
    if (word === '-e' || word === '--expression') scripts.push(words[++at] ?? '');
    else if (word.startsWith('-') || word === '') continue;
    else if (scripts.length === 0 && SUBSTITUTION.test(word.split(';')[0]!.trim())) scripts.push(word);
    else files.push(word);
  }
  const substitutions = scripts
    .flatMap((script) => script.split(/;\s*(?=s\W)/))
    .flatMap((script) => {
      const match = SUBSTITUTION.exec(script.trim().replace(/^\d+(?:,\d+)?/, ''));
      return match ? [{ old: literal(match[2]!), new: literal(match[3]!) }] : [];
    })
    // A replacement in plain words: code's replacements (`from "../utils/config.js"`, `new Editor(theme)`) tell no
    // change a reader lists.
    .filter((substitution) => !CODE_MARK.test(substitution.new) && proseRun(substitution.new) !== undefined);
  const substitution = substitutions.at(-1);
  if (!substitution) return [];
  const named = files.filter((file) => /\.\w+$/.test(file));
  if (named.length === 0) return [];
  // One replacement in several files is one change: the files that now read alike.
  return [
    {
      ...filesSubject([...new Set(named.map((file) => fileName(file)))]),
      text: substitution.new,
      replaced: substitution.old,
      file: named[0]!,
      messageIndex: run.messageIndex,
    },
  ];
}

/** How a change of several files names them: "a.txt, b.md and c.md", which now read alike. */
function filesSubject(names: readonly string[]): Pick<CommandChange, 'subject' | 'names' | 'verb'> {
  const subject = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
  return { subject, names: [...names], verb: names.length > 1 ? 'now read' : 'now reads' };
}

/** The changes one shell run made, by the commands of its line. */
function changesOf(run: ToolRun): CommandChange[] {
  const command = shellCommand(run.call);
  if (command === undefined || run.failed) return [];
  return shellWords(command).flatMap((words) => {
    const program = words[0]?.split('/').at(-1);
    if (program === 'gh') return [githubChange(words, run)].flatMap((change) => change ?? []);
    if (program === 'bd') return [trackerChange(words, run)].flatMap((change) => change ?? []);
    return replacedText(words, run);
  });
}

/**
 * The changes the agent's commands made before the cut, each an artifact probe, the last change of each thing: a
 * later edit of an issue, or a second replacement in a file, is what it holds now.
 */
export function commandChangeProbes(messages: readonly Message[], runs: readonly ToolRun[]): DraftProbe[] {
  let changes: CommandChange[] = [];
  for (const run of runs) {
    if (run.messageIndex >= messages.length) continue;
    for (const change of changesOf(run)) {
      // What a later command set of the same item or file is what it holds now: the earlier change, of the things
      // it left alone only (a second `sed -i` over two of four files).
      changes = changes.flatMap((earlier) => {
        const left = earlier.names.filter((name) => !change.names.includes(name));
        if (left.length === earlier.names.length) return [earlier];
        if (earlier.file === undefined || left.length === 0) return [];
        return [{ ...earlier, ...filesSubject(left) }];
      });
      changes.push(change);
    }
  }
  return changes.flatMap((change) => {
    const phrase = change.file ? proseRun(change.text) : plainPhrase(said(change.text), 6);
    // Its words must say something: two content words at least, past its label.
    if (!phrase || wordsOf(phrase).filter(isContentWord).length < 2) return [];
    const what = clipWords(said(change.text), 200);
    const replaced = change.replaced ? ` (was "${clipWords(change.replaced, 80)}")` : '';
    return [
      {
        kind: 'artifact' as const,
        messageIndex: change.messageIndex,
        ...(change.file ? { file: change.file } : {}),
        question: `What did the agent's command change in ${change.subject}?`,
        answer: `${change.subject} ${change.verb}: "${what}"${replaced}`,
        facets: [change.names, [phrase]],
        statement: `${change.subject} ${change.verb}: ${said(change.text).split(' ').slice(0, DESCRIPTION_WORDS).join(' ')}`,
      },
    ];
  });
}
