/**
 * Glob patterns for suite inputs, as a shell would expand them (Node 20 has no `fs.glob`): `*` and `?` within
 * one path segment, `[abc]` classes, `{a,b}` alternatives, `**` for any depth, `~/` for the home directory.
 * A wildcard does not match a leading dot, as in a shell.
 */
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Whether an argument is a pattern rather than a path. */
export function isGlob(argument: string): boolean {
  return /[*?[{]/.test(argument);
}

/** `~/x` → the home directory's `x`; anything else as is. */
export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/** One segment as a regular expression. */
function segmentPattern(segment: string): RegExp {
  let source = '';
  for (let index = 0; index < segment.length; index++) {
    const character = segment[index]!;
    if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else if (character === '[') {
      const close = segment.indexOf(']', index + 1);
      if (close < 0) source += '\\[';
      else {
        const body = segment
          .slice(index + 1, close)
          .replace(/^!/, '^')
          .replaceAll('\\', '\\\\');
        source += `[${body}]`;
        index = close;
      }
    } else if (character === '{') {
      const close = segment.indexOf('}', index + 1);
      if (close < 0) source += '\\{';
      else {
        const options = segment
          .slice(index + 1, close)
          .split(',')
          .map(escape);
        source += `(?:${options.join('|')})`;
        index = close;
      }
    } else source += escape(character);
  }
  return new RegExp(`^${source}$`);
}

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\*?]/g, '\\$&');

/** The files a pattern matches (relative patterns against `cwd`), sorted; directories are not returned. */
export async function expandGlob(pattern: string, cwd = process.cwd()): Promise<string[]> {
  const expanded = expandHome(pattern);
  const absolute = isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
  const segments = absolute.split('/').filter((segment, index) => segment !== '' || index === 0);
  const firstGlob = segments.findIndex(isGlob);
  const base = segments.slice(0, firstGlob).join('/') || '/';
  const found = new Set<string>();
  await walk(base, segments.slice(firstGlob), found);
  return [...found].sort();
}

async function walk(directory: string, rest: readonly string[], found: Set<string>): Promise<void> {
  const [segment, ...remaining] = rest;
  if (segment === undefined) return;
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  if (segment === '**') {
    // `**` matches no directory at all, or any number of them.
    await walk(directory, remaining, found);
    for (const entry of entries)
      if (entry.isDirectory() && !entry.name.startsWith('.'))
        await walk(join(directory, entry.name), rest, found);
    return;
  }
  if (!isGlob(segment)) {
    const path = join(directory, segment);
    if (remaining.length === 0) {
      if (entries.some((entry) => entry.name === segment && !entry.isDirectory())) found.add(path);
    } else await walk(path, remaining, found);
    return;
  }
  const pattern = segmentPattern(segment);
  for (const entry of entries) {
    if (entry.name.startsWith('.') && !segment.startsWith('.')) continue;
    if (!pattern.test(entry.name)) continue;
    const path = join(directory, entry.name);
    if (remaining.length === 0) {
      if (entry.isFile() || entry.isSymbolicLink()) found.add(path);
    } else if (entry.isDirectory() || entry.isSymbolicLink()) await walk(path, remaining, found);
  }
}
