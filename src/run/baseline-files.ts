/**
 * The baseline files `--baseline` names: files and directories of `*-results.json` read and checked (a bad one is
 * an input error with the command that regenerates it), one per session, and a note for each written by another
 * tool version.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InputError } from '../errors.ts';
import { toolVersion } from '../package-root.ts';
import { type GateResults, parseBaseline } from '../quality/gate.ts';
import { commandLine, shellQuote } from '../results/provenance.ts';

/** Baselines by fixture name, from files and directories of `*-results.json`, with the file each came from. */
export async function loadBaselines(
  paths: readonly string[],
  command: readonly string[] | undefined,
): Promise<{ baselines: Map<string, GateResults>; files: Map<string, string> }> {
  const baselines = new Map<string, GateResults>();
  const sources = new Map<string, string>();
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new InputError(`--baseline ${path}: no such file or directory`);
    const files = info.isDirectory()
      ? (await readdir(path)).filter((name) => name.endsWith('-results.json')).map((name) => join(path, name))
      : [path];
    for (const file of files) {
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new InputError(`${file}: not a readable results JSON (${(error as Error).message})`);
      }
      // A suite's own results sit beside the sessions' in an output directory; they are not a session's baseline.
      if (info.isDirectory() && (json as { kind?: unknown } | null)?.kind === 'suite') continue;
      const regenerate = command ? regenerateCommand(command, path, strategyNames(json)) : undefined;
      const baseline = parseBaseline(json, file, regenerate);
      const name = baseline.fixture?.name;
      if (!name) throw new InputError(`${file}: fixture.name is missing; is this a compare results JSON?`);
      const earlier = sources.get(name);
      if (earlier && resolve(earlier) !== resolve(file))
        throw new InputError(
          `--baseline: ${earlier} and ${file} are both baselines of session ${name}; give one`,
        );
      baselines.set(name, baseline);
      sources.set(name, file);
    }
  }
  return { baselines, files: sources };
}

/**
 * The command that rewrites a baseline this version cannot read: this command on the same sessions, provider and
 * settings, without any `--baseline` (it would be refused again), running the strategies the old baseline held
 * unless `-s` was given, and writing into the `--baseline` path given.
 */
function regenerateCommand(
  command: readonly string[],
  target: string,
  strategies: readonly string[],
): string {
  const words: string[] = [];
  for (let index = 0; index < command.length; index++) {
    const word = command[index]!;
    if (word === '--baseline' || word === '--update-baseline') index++;
    else if (!word.startsWith('--baseline=') && !word.startsWith('--update-baseline=')) words.push(word);
  }
  const named = (flags: readonly string[]) =>
    words.some((word) => flags.some((flag) => word === flag || word.startsWith(`${flag}=`)));
  if (!named(['-s', '--strategies']) && !words.some((word) => /^-s./.test(word)) && strategies.length > 0)
    words.push('-s', strategies.join(','));
  if (!named(['--fail-under'])) words.push('--fail-under', 'probeRecall=0');
  return `${commandLine(words)} --update-baseline ${shellQuote(target)}`;
}

/** The strategies a baseline names (not the agent's own `recorded` row), read before its schema is checked. */
function strategyNames(json: unknown): string[] {
  const strategies = (json as { strategies?: unknown } | null)?.strategies;
  if (!Array.isArray(strategies)) return [];
  return strategies
    .map((strategy) => (strategy as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string' && name !== 'recorded');
}

/** A note per baseline another tool version wrote, or that records no provenance: compared all the same. */
export function baselineVersionNotes(baselines: ReadonlyMap<string, GateResults>): string[] {
  const { version } = toolVersion();
  const notes = new Set<string>();
  for (const baseline of baselines.values()) {
    const written = (baseline as { provenance?: { version?: unknown } }).provenance?.version;
    if (written === undefined)
      notes.add(
        'a baseline records no tool version (written before provenance was recorded); compared all the same',
      );
    else if (written !== version)
      notes.add(
        `a baseline was written by compaction-bench ${String(written)} (this is ${version}); compared all the same`,
      );
  }
  return [...notes];
}
