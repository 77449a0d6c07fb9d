/**
 * Which files a shell command line writes, edits or reads, for agents whose only tool is bash
 * (mini-swe-agent). Only the idioms such agents are taught are recognized: a redirection into a file
 * (`cat <<'EOF' > file`, `echo … >> file`), `tee`, `sed -i` (edit); `cat`, `nl`, `head`, `tail`, `less`,
 * `more` and `sed -n` on a file (read). Anything else (a Python script that rewrites a file) is not guessed.
 * Every importer counts the reads of its agent's shell tool ({@link shellReadTargets}).
 */
import type { FileOperationKind } from '../types.ts';

type Target = { kind: FileOperationKind; path: string };

/** The command without heredoc bodies: their text is file content, not commands. */
function withoutHeredocBodies(command: string): string {
  const lines = command.split('\n');
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    kept.push(line);
    const heredoc = /<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1/.exec(line);
    if (!heredoc) continue;
    const end = heredoc[2]!;
    while (index + 1 < lines.length && lines[index + 1]!.trim() !== end) index++;
    index++;
  }
  return kept.join('\n');
}

/** Shell words of one simple command per entry, split at `&&`, `||`, `;`, `|` and newlines; quotes removed. */
function simpleCommands(command: string): string[][] {
  const commands: string[][] = [[]];
  let word: string | undefined;
  let quote: string | undefined;
  const endWord = () => {
    if (word !== undefined) commands.at(-1)!.push(word);
    word = undefined;
  };
  for (let index = 0; index < command.length; index++) {
    const character = command[index]!;
    if (quote) {
      if (character === quote) quote = undefined;
      else word = (word ?? '') + character;
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      word ??= '';
    } else if (character === '\\' && index + 1 < command.length) {
      word = (word ?? '') + command[++index];
    } else if (/\s/.test(character) && character !== '\n') {
      endWord();
    } else if (character === '\n' || character === ';' || character === '|' || character === '&') {
      endWord();
      // `2>&1` and `&>` are redirections, not separators.
      if (character === '&' && (command[index - 1] === '>' || command[index + 1] === '>')) {
        commands.at(-1)!.push('&');
        continue;
      }
      if (commands.at(-1)!.length > 0) commands.push([]);
      if (command[index + 1] === character) index++;
    } else if (character === '>' || character === '<') {
      // A redirection operator is a word of its own (`>file` → `>`, `file`).
      let operator = character;
      if (command[index + 1] === character) operator += command[++index];
      const descriptor = word !== undefined && /^\d$/.test(word) ? word : undefined;
      if (descriptor === undefined) endWord();
      else word = undefined;
      commands.at(-1)!.push(descriptor === undefined ? operator : `${descriptor}${operator}`);
    } else {
      word = (word ?? '') + character;
    }
  }
  endWord();
  return commands.filter((words) => words.length > 0);
}

function isPath(word: string | undefined): word is string {
  return (
    word !== undefined &&
    word !== '' &&
    !word.startsWith('-') &&
    !word.startsWith('&') &&
    word !== '/dev/null'
  );
}

/** Operands of `sed` after its script (the first operand, unless `-e` / `-f` gave it). */
function sedFiles(words: readonly string[]): string[] {
  const operands: string[] = [];
  let scriptGiven = false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    if (word === '-e' || word === '-f' || word === '--expression' || word === '--file') {
      scriptGiven = true;
      index++;
    } else if (word.startsWith('-')) {
      continue;
    } else operands.push(word);
  }
  return (scriptGiven ? operands : operands.slice(1)).filter(isPath);
}

/** The words of each simple command of a command line (split at `&&`, `||`, `;`, `|`, newlines), heredoc bodies out. */
export function shellWords(command: string): string[][] {
  return simpleCommands(withoutHeredocBodies(command));
}

const READERS = new Set(['cat', 'nl', 'head', 'tail', 'less', 'more']);

/** The files a shell command line writes (redirection, `tee`), edits (`sed -i`) or reads (`cat`, `nl`, `head`, `tail`, `less`, `more`, `sed -n`). */
export function shellFileTargets(command: string): Target[] {
  const targets: Target[] = [];
  for (const words of simpleCommands(withoutHeredocBodies(command))) {
    let redirectedInput = false;
    words.forEach((word, index) => {
      const next = words[index + 1];
      if ((word === '>' || word === '>>' || word === '1>' || word === '1>>') && isPath(next)) {
        targets.push({ kind: word.endsWith('>>') ? 'edit' : 'write', path: next });
      }
      if (word === '<' || word === '<<') redirectedInput = true;
    });
    const program = words[0]?.split('/').at(-1);
    const operands = words.slice(1).filter((word, index, all) => {
      const before = index === 0 ? undefined : all[index - 1];
      return !/^\d?[<>]{1,2}$/.test(word) && !(before !== undefined && /^\d?[<>]{1,2}$/.test(before));
    });
    if (program === 'tee') {
      for (const path of operands.filter(isPath))
        targets.push({ kind: words.includes('-a') ? 'edit' : 'write', path });
    } else if (program === 'sed') {
      const inPlace = operands.some((word) => /^-[a-zA-Z]*i/.test(word) || word.startsWith('--in-place'));
      const quiet = operands.includes('-n');
      if (inPlace) for (const path of sedFiles(['sed', ...operands])) targets.push({ kind: 'edit', path });
      else if (quiet) for (const path of sedFiles(['sed', ...operands])) targets.push({ kind: 'read', path });
    } else if (program !== undefined && READERS.has(program) && !redirectedInput) {
      // `head -n 5`, `tail -c 100`: an option's value is no file.
      const files = operands.filter(
        (_, index) => !/^-[nc]$|^--(?:lines|bytes)$/.test(operands[index - 1] ?? ''),
      );
      for (const path of files.filter(isPath)) targets.push({ kind: 'read', path });
    }
  }
  return targets;
}

// Folders of scratch files: a script or note the agent wrote there for one command is no file of the work.
const SCRATCH = /^(?:\/tmp\/|\/private\/tmp\/|\/var\/folders\/|\/dev\/|\$TMPDIR\/|\$\{TMPDIR\})/;

/**
 * The files a shell command wrote from a heredoc (`cat > f << 'EOF'`, `cat <<EOF > f`, `tee f <<EOF`): text the agent
 * wrote out in the call, as an edit tool writes it, in every importer. Other redirections (`> out.log`) are a
 * command's output, and files in a scratch folder are left out.
 */
export function shellHeredocTargets(command: string | undefined): Target[] {
  if (command === undefined || !command.includes('<<')) return [];
  return simpleCommands(withoutHeredocBodies(command)).flatMap((words) => {
    if (!words.includes('<<')) return [];
    const program = words[0]?.split('/').at(-1);
    const redirected = words.flatMap((word, index) =>
      (word === '>' || word === '>>' || word === '1>' || word === '1>>') && isPath(words[index + 1])
        ? [{ kind: (word.endsWith('>>') ? 'edit' : 'write') as FileOperationKind, path: words[index + 1]! }]
        : [],
    );
    const teed =
      program === 'tee'
        ? words
            .slice(1)
            .filter(
              (word, index, all) => isPath(word) && !/^\d?[<>]{1,2}$/.test(word) && all[index - 1] !== '<<',
            )
            .map((path) => ({ kind: (words.includes('-a') ? 'edit' : 'write') as FileOperationKind, path }))
        : [];
    return [...redirected, ...teed].filter((target) => !SCRATCH.test(target.path));
  });
}

/**
 * The files a shell command read (`cat`, `nl`, `head`, `tail`, `less`, `more`, `sed -n`), counted only when the
 * call has a result that is no error: a `cat` of a file that does not exist read nothing. The one rule for reads
 * through a shell, in every importer.
 */
export function shellReadTargets(
  command: string | undefined,
  result: { isError: boolean } | undefined,
): Target[] {
  if (command === undefined || !result || result.isError) return [];
  return shellFileTargets(command).filter((target) => target.kind === 'read');
}
