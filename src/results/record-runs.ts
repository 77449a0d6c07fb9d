/**
 * Which records files a path stands for: a file itself, or in a folder (a `records/` folder, or an output folder
 * holding one) the newest run and its shards, with a line saying so when the folder holds other runs.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { InputError } from '../errors.ts';

/**
 * The records files a path stands for: itself, or, for a records folder or an output folder holding one, the
 * newest run's file there and its shards (`<run>.jsonl`, `<run>.shard-2-of-3.jsonl`, and the other shards of its
 * plan that other runs wrote there): a folder that several compares wrote into stands for what the last one
 * wrote, and `choice` says so, naming the other runs and the file that takes one. Run names start with their UTC
 * date, so they sort by time.
 */
export async function recordFilesOf(path: string): Promise<{ files: string[]; choice?: string }> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new InputError(`${path}: no such file or folder`);
  if (!info.isDirectory()) return { files: [path] };
  const inner = join(path, 'records');
  const directory = (await stat(inner).catch(() => undefined))?.isDirectory() ? inner : path;
  const files = (await readdir(directory)).filter((name) => name.endsWith('.jsonl')).sort();
  if (files.length === 0)
    throw new InputError(`${path}: holds no records (records/<run>.jsonl, written by compare)`);
  const runOf = (name: string) => name.slice(0, name.indexOf('.'));
  const planOf = (name: string) => runOf(name).slice(runOf(name).indexOf('-') + 1);
  const isShard = (name: string) => name.includes('.shard-');
  const last = files.at(-1)!;
  // Shards of one plan run one after another into one folder carry their own dates but the same plan hash.
  const belongs = (name: string) =>
    runOf(name) === runOf(last) || (isShard(last) && isShard(name) && planOf(name) === planOf(last));
  const taken = files.filter(belongs);
  const others = files.filter((name) => !belongs(name));
  if (others.length === 0) return { files: taken.map((name) => join(directory, name)) };
  const described = async (name: string) =>
    `${runOf(name)} (${(await sessionsOfRun(join(directory, name))).join(', ') || 'no session'})`;
  const shown = others.slice(-3).reverse();
  const choice = `${path} holds ${others.length + 1} runs; took the newest, ${await described(last)}; ${others.length === 1 ? 'the other' : `${others.length} others, the newest first`}: ${(await Promise.all(shown.map(described))).join('; ')}${others.length > shown.length ? `; … ${others.length - shown.length} more` : ''}. To take another, give its records file: ${join(directory, shown[0]!)}`;
  return { files: taken.map((name) => join(directory, name)), choice };
}

/** The sessions a records file's run header names (its first line), for saying which run is which. */
async function sessionsOfRun(file: string): Promise<string[]> {
  // The header lists every job too: read its line alone, however long, and nothing after it.
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const header = JSON.parse(line) as { sessions?: Array<{ name?: unknown }> };
      return [...new Set((header.sessions ?? []).map((entry) => String(entry.name)))];
    }
    return [];
  } catch {
    return [];
  } finally {
    lines.close();
  }
}
