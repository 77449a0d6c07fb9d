/** A flag given twice: the same value is no conflict, two different ones are refused (exit 2). */
import type { Command } from 'commander';
import { InputError } from '../errors.ts';

/**
 * Refuses a flag given twice with different values (commander would keep the last one silently): `--tolerance 0.1
 * --tolerance 0.2`, `-o a -o b`, `--config x --no-config`. Repeatable flags (those that collect a list, such as
 * `--fail-under` and `--baseline`) may repeat; the same value twice is no conflict. Applies to subcommands too.
 */
export function refuseConflictingRepeats(command: Command): Command {
  const given = new Map<string, { flag: string; value: string }>();
  for (const option of command.options) {
    if (Array.isArray(option.defaultValue) || option.variadic) continue;
    const key = option.attributeName();
    const flag = option.long ?? option.short ?? key;
    command.on(`option:${option.name()}`, (value?: string | null) => {
      const text = value === undefined || value === null ? flag : `${flag} ${value}`;
      const earlier = given.get(key);
      if (earlier && earlier.value !== text)
        throw new InputError(`${earlier.value} and ${text} were both given; give ${earlier.flag} once`);
      given.set(key, { flag, value: text });
    });
  }
  for (const subcommand of command.commands) refuseConflictingRepeats(subcommand);
  return command;
}
