/**
 * Settings the agent changed and did not set back: a system setting written by a command (`echo performance | sudo
 * tee /sys/firmware/acpi/platform_profile`, `sysctl -w`, `powerprofilesctl set`, `gsettings set`, `defaults write`)
 * or a tool's global configuration (`git config --global`, `npm config set`). What a careful reader reports as the
 * state of the machine the work depends on, since the successor would not know it was changed. The last value
 * written is the state; a later write of the value read before the first change, or an unset, sets it back.
 */
import { fileName } from '../../session/normalise-path.ts';
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

/** A setting as the agent's commands left it before the cut. */
export type SettingChange = {
  /** What is set: a file under /sys, /proc or /etc, a sysctl key, a tool's configuration key. */
  key: string;
  /** How a summary names it: the key, and its words ("platform_profile", "platform profile"). */
  names: string[];
  value: string;
  /** The value read before the first change, when a command printed it. */
  was?: string;
  command: string;
  messageIndex: number;
};

// A value as a command gives it: quoted or a bare word.
const VALUE = String.raw`(?:"([^"\n]*)"|'([^'\n]*)'|([^\s|;&'"]+))`;
// Each way of writing a setting: the key and the value it sets.
const WRITES: ReadonlyArray<{
  pattern: RegExp;
  key: (match: RegExpExecArray) => string;
  valueGroup: number;
}> = [
  // `echo performance | sudo tee /sys/firmware/acpi/platform_profile` (not `tee -a`, which adds a line to a file).
  {
    pattern: new RegExp(
      String.raw`\becho\s+(?:-n\s+)?${VALUE}\s*\|\s*(?:sudo\s+)?tee\s+(/(?:sys|proc|etc)/[^\s|;&>]+)`,
    ),
    key: (match) => match[4]!,
    valueGroup: 1,
  },
  {
    pattern: new RegExp(String.raw`\bsysctl\s+(?:-q\s+)?-w\s+([\w.]+)=${VALUE}`),
    key: (match) => match[1]!,
    valueGroup: 2,
  },
  {
    pattern: new RegExp(String.raw`\bpowerprofilesctl\s+set\s+${VALUE}`),
    key: () => 'power profile',
    valueGroup: 1,
  },
  {
    pattern: new RegExp(String.raw`\bgsettings\s+set\s+([\w.-]+)\s+([\w-]+)\s+${VALUE}`),
    key: (match) => `${match[1]} ${match[2]}`,
    valueGroup: 3,
  },
  {
    pattern: new RegExp(String.raw`\bdefaults\s+write\s+([\w.-]+)\s+(\w+)\s+(?:-\w+\s+)?${VALUE}`),
    key: (match) => `${match[1]} ${match[2]}`,
    valueGroup: 3,
  },
  {
    pattern: new RegExp(String.raw`\bgit\s+config\s+--(?:global|system)\s+([A-Za-z][\w.-]*)\s+${VALUE}`),
    key: (match) => match[1]!,
    valueGroup: 2,
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:npm|pnpm|yarn)\s+config\s+set\s+([A-Za-z@][\w.@/:-]*)(?:\s+|=)${VALUE}`,
    ),
    key: (match) => match[1]!,
    valueGroup: 2,
  },
];

// Unsetting a key sets it back to its default.
const UNSETS: readonly RegExp[] = [
  /\bgit\s+config\s+--(?:global|system)\s+--unset(?:-all)?\s+([\w.-]+)/,
  /\bgsettings\s+reset\s+([\w.-]+\s+[\w-]+)/,
  /\bdefaults\s+delete\s+([\w.-]+\s+\w+)/,
  /\b(?:npm|pnpm|yarn)\s+config\s+delete\s+([\w.@/:-]+)/,
];

// Reading a key's value: the output of the command is the value.
const READS: ReadonlyArray<{ pattern: RegExp; key: (match: RegExpExecArray) => string }> = [
  { pattern: /^\s*(?:sudo\s+)?cat\s+(\/(?:sys|proc|etc)\/\S+)\s*$/, key: (match) => match[1]! },
  { pattern: /^\s*powerprofilesctl\s+get\s*$/, key: () => 'power profile' },
  { pattern: /^\s*sysctl\s+(?:-n\s+)?([\w.]+)\s*$/, key: (match) => match[1]! },
  {
    pattern: /^\s*git\s+config\s+--(?:global|system)\s+(?:--get\s+)?([\w.-]+)\s*$/,
    key: (match) => match[1]!,
  },
];

// A write the system refused: `tee` reads as a look at files, so its failure is read from what it printed.
const REFUSED =
  /permission denied|read-only file system|invalid argument|no such file|operation not permitted|a password is required|a terminal is required|not found/i;

/** How a summary names a key: itself, its last part, and that part's words ("platform_profile", "platform profile"). */
function namesOf(key: string): string[] {
  const last = key.startsWith('/') ? fileName(key) : (key.split(/[\s.]/).pop() ?? key);
  const words = last.replace(/[_-]+/g, ' ').trim();
  return [...new Set([key, last, words].filter((name) => name.length > 1))];
}

/** The value a read printed: its one line, else nothing. */
function printedValue(output: string): string | undefined {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  return lines.length === 1 ? lines[0]!.trim().replace(/^["']|["']$/g, '') : undefined;
}

/** The settings the runs before the cut changed and left changed, each as the last write left it. */
export function settingChanges(runs: readonly ToolRun[]): SettingChange[] {
  const read = new Map<string, string>();
  const changed = new Map<string, SettingChange>();
  for (const run of runs) {
    const command = shellCommand(run.call);
    if (command === undefined || run.failed || REFUSED.test(run.output)) continue;
    for (const { pattern, key: keyOf } of READS) {
      const match = pattern.exec(command);
      const value = match ? printedValue(run.output) : undefined;
      // What it was before the agent changed it, not what its own change left.
      if (match && value !== undefined && !changed.has(keyOf(match))) read.set(keyOf(match), value);
    }
    for (const unset of UNSETS) {
      const key = unset.exec(command)?.[1];
      if (key !== undefined) changed.delete(key.replace(/\s+/g, ' '));
    }
    for (const { pattern, key: keyOf, valueGroup: at } of WRITES) {
      const match = pattern.exec(command);
      if (!match) continue;
      const key = keyOf(match);
      const value = (match[at] ?? match[at + 1] ?? match[at + 2] ?? '').trim();
      if (!value) continue;
      const was = changed.get(key)?.was ?? read.get(key);
      // Written back to what it was: set back.
      if (was !== undefined && was === value) {
        changed.delete(key);
        continue;
      }
      changed.set(key, {
        key,
        names: namesOf(key),
        value,
        ...(was !== undefined ? { was } : {}),
        command: command.split('\n')[0]!.trim(),
        messageIndex: run.messageIndex,
      });
    }
  }
  return [...changed.values()];
}

/**
 * How a summary states the setting's new value: its name in words ("platform profile"), or a name as written
 * ("platform_profile") with the value ("platform_profile is performance"), each two words or more, so a bag of
 * identifiers does not state it.
 */
function valuePhrases(setting: SettingChange): string[] {
  return setting.names.flatMap((name) =>
    name.includes(' ') && !name.startsWith('/')
      ? [name]
      : ['to', 'is', 'set to', '=', ':', '→'].map(
          (link) => `${name}${link === ':' ? '' : ' '}${link} ${setting.value}`,
        ),
  );
}

/** How a summary says the setting was set back: "reverted platform_profile", "put the profile back to balanced". */
function revertPhrases(setting: SettingChange): string[] {
  const named = setting.names
    .filter((name) => !name.startsWith('/'))
    .flatMap((name) => [
      `set ${name} back`,
      `set the ${name} back`,
      `put ${name} back`,
      `put the ${name} back`,
      `${name} was set back`,
      `reverted ${name}`,
      `reverted the ${name}`,
      `restored ${name}`,
      `restored the ${name}`,
    ]);
  return setting.was === undefined ? named : [...named, `back to ${setting.was}`];
}

/**
 * One state probe per setting left changed ("The agent set platform_profile to performance (it was
 * balanced-performance); it is still performance"): the value and the setting's name are its facets, and the setting
 * said to be set back is its opposite.
 */
export function settingProbes(runs: readonly ToolRun[]): DraftProbe[] {
  return settingChanges(runs).map((setting) => {
    const name = setting.names[1] ?? setting.key;
    const was = setting.was ? ` (it was ${setting.was})` : '';
    return {
      kind: 'state',
      messageIndex: setting.messageIndex,
      question: `What did the agent change ${name} to, and is it still so?`,
      answer: `The agent ran \`${setting.command}\`: ${name} is ${setting.value}${was}, not set back before the cut.`,
      facets: [[setting.value], valuePhrases(setting)],
      contradictions: revertPhrases(setting),
      statement: `The agent set ${name} to ${setting.value}${was}; it is still ${setting.value}`,
    };
  });
}
