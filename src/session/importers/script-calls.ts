/**
 * The tool calls a Codex code-mode script makes. In code mode the model writes one `exec` call whose input is a
 * short JavaScript program calling `tools.exec_command({cmd: "…"})`, `tools.apply_patch("*** Begin Patch…")`,
 * `tools.update_plan({plan: […]})` and the like. Each `tools.NAME(…)` call is found by scanning the source
 * (strings, template literals and comments skipped), and its argument is read as a literal: an object literal
 * (keys bare or quoted, strings in any quotes, template literals without `${…}`, numbers, booleans, null,
 * arrays, trailing commas) or one string. An argument built at run time (a variable, a template with `${…}`) is
 * kept as its source text, `{ source }`: the call is known, its arguments are not guessed.
 */

/** One call a script makes: the tool's name and its arguments as the program wrote them. */
export type ScriptCall = { name: string; arguments: Record<string, unknown> };

/** Raised inside the literal reader when the argument is not a literal. */
class NotLiteral extends Error {}

/** The end (exclusive) of a quoted string or template starting at `start`, or -1 when it does not end. */
function skipString(source: string, start: number): number {
  const quote = source[start]!;
  for (let index = start + 1; index < source.length; index++) {
    const character = source[index]!;
    if (character === '\\') index++;
    else if (character === quote) return index + 1;
  }
  return -1;
}

/** The end (exclusive) of a comment starting at `start`, or `start` when none starts there. */
function skipComment(source: string, start: number): number {
  if (source.startsWith('//', start)) {
    const end = source.indexOf('\n', start);
    return end < 0 ? source.length : end;
  }
  if (source.startsWith('/*', start)) {
    const end = source.indexOf('*/', start + 2);
    return end < 0 ? source.length : end + 2;
  }
  return start;
}

/** The text between the parentheses opened at `open`, or undefined when they are not closed. */
function argumentText(source: string, open: number): string | undefined {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    const character = source[index]!;
    if (character === '"' || character === "'" || character === '`') {
      const end = skipString(source, index);
      if (end < 0) return undefined;
      index = end - 1;
      continue;
    }
    const afterComment = skipComment(source, index);
    if (afterComment !== index) {
      index = afterComment - 1;
      continue;
    }
    if (character === '(' || character === '{' || character === '[') depth++;
    else if (character === ')' || character === '}' || character === ']') {
      depth--;
      if (depth === 0) return source.slice(open + 1, index);
    }
  }
  return undefined;
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** Reads one JavaScript literal (the subset an argument is written in) from `text`. */
function readLiteral(text: string): unknown {
  let position = 0;
  const space = () => {
    for (;;) {
      while (position < text.length && /\s/.test(text[position]!)) position++;
      const after = skipComment(text, position);
      if (after === position) return;
      position = after;
    }
  };
  const string = (): string => {
    const quote = text[position++]!;
    let value = '';
    while (position < text.length && text[position] !== quote) {
      const character = text[position++]!;
      if (quote === '`' && character === '$' && text[position] === '{') throw new NotLiteral();
      if (character !== '\\') {
        value += character;
        continue;
      }
      const escaped = text[position++] ?? '';
      if (escaped === 'u') {
        const braced = text[position] === '{';
        const end = braced ? text.indexOf('}', position) : position + 4;
        value += String.fromCodePoint(parseInt(text.slice(braced ? position + 1 : position, end), 16));
        position = braced ? end + 1 : end;
      } else if (escaped === 'x') {
        value += String.fromCharCode(parseInt(text.slice(position, position + 2), 16));
        position += 2;
      } else if (escaped !== '\n') value += ESCAPES[escaped] ?? escaped;
    }
    if (position >= text.length) throw new NotLiteral();
    position++;
    return value;
  };
  const value = (): unknown => {
    space();
    const character = text[position];
    if (character === undefined) throw new NotLiteral();
    if (character === '"' || character === "'" || character === '`') return string();
    if (character === '{') {
      position++;
      const object: Record<string, unknown> = {};
      for (;;) {
        space();
        if (text[position] === '}') {
          position++;
          return object;
        }
        let key: string;
        const quote = text[position];
        if (quote === '"' || quote === "'") key = string();
        else {
          const match = /^[A-Za-z_$][\w$]*/.exec(text.slice(position));
          if (!match) throw new NotLiteral();
          key = match[0];
          position += key.length;
        }
        space();
        // `{ cmd }` names a variable: its value is not in the source.
        if (text[position] !== ':') throw new NotLiteral();
        position++;
        object[key] = value();
        space();
        if (text[position] === ',') position++;
        else if (text[position] !== '}') throw new NotLiteral();
      }
    }
    if (character === '[') {
      position++;
      const array: unknown[] = [];
      for (;;) {
        space();
        if (text[position] === ']') {
          position++;
          return array;
        }
        array.push(value());
        space();
        if (text[position] === ',') position++;
        else if (text[position] !== ']') throw new NotLiteral();
      }
    }
    const word = /^(?:-?(?:\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?)|true|false|null|undefined)/i.exec(
      text.slice(position),
    );
    if (!word) throw new NotLiteral();
    position += word[0].length;
    switch (word[0]) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
      case 'undefined':
        return null;
      default:
        return Number(word[0].replaceAll('_', ''));
    }
  };
  const result = value();
  space();
  if (position !== text.length) throw new NotLiteral();
  return result;
}

/** A call's arguments: an object literal as it is, one string as `{ input }`, anything else as `{ source }`. */
function callArguments(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  try {
    const literal = readLiteral(trimmed);
    if (typeof literal === 'string') return { input: literal };
    if (literal !== null && typeof literal === 'object' && !Array.isArray(literal))
      return literal as Record<string, unknown>;
    return { source: trimmed };
  } catch (error) {
    if (error instanceof NotLiteral || error instanceof RangeError) return { source: trimmed };
    throw error;
  }
}

const CALL = /\btools\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(["'])([^"']+)\2\s*\])\s*\(/y;

/** Every `tools.NAME(…)` call of a script, in source order (calls in strings and comments are not calls). */
export function scriptCalls(source: string): ScriptCall[] {
  const calls: ScriptCall[] = [];
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!;
    if (character === '"' || character === "'" || character === '`') {
      const end = skipString(source, index);
      if (end < 0) break;
      // A template's `${…}` may hold a call; the rest of a string never does.
      if (character === '`') calls.push(...templateCalls(source.slice(index + 1, end - 1)));
      index = end - 1;
      continue;
    }
    const afterComment = skipComment(source, index);
    if (afterComment !== index) {
      index = afterComment - 1;
      continue;
    }
    if (character !== 't' || (index > 0 && /[\w$.]/.test(source[index - 1]!))) continue;
    CALL.lastIndex = index;
    const match = CALL.exec(source);
    if (!match) continue;
    const open = index + match[0].length - 1;
    const text = argumentText(source, open);
    if (text === undefined) break;
    calls.push({ name: match[1] ?? match[3]!, arguments: callArguments(text) });
    // Calls nested in the argument (`tools.a(await tools.b())`) are calls too.
    calls.push(...scriptCalls(text));
    index = open + text.length + 1;
  }
  return calls;
}

function templateCalls(template: string): ScriptCall[] {
  const calls: ScriptCall[] = [];
  for (let start = template.indexOf('${'); start >= 0; start = template.indexOf('${', start + 2)) {
    const text = argumentText(template, start + 1);
    if (text !== undefined) calls.push(...scriptCalls(text));
  }
  return calls;
}
