/**
 * One spelling of a file's path, so one file read and edited under two spellings counts once: shared by the
 * continuation's comparisons and by derivation, which must not import each other.
 */
import { win32 } from 'node:path';

/** A path as the comparison reads it: relative to the working directory, without `./`, doubled or trailing slashes. */
export function normalisePath(path: string, cwd?: string): string {
  let result = path
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  const base = cwd?.replace(/\/+$/, '');
  if (base && result.startsWith(`${base}/`)) result = result.slice(base.length + 1);
  while (result.startsWith('./')) result = result.slice(2);
  return result.length > 1 ? result.replace(/\/+$/, '') : result;
}

/**
 * A path's file name, its last segment under either separator: a session recorded on Windows writes
 * `D:\repo\src\index.js`, whose name `node:path`'s POSIX `basename` would take to be the whole path.
 */
export function fileName(path: string): string {
  return win32.basename(path);
}
