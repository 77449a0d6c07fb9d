/** `compaction-bench inspect <fixture>`. */
import { Command } from 'commander';
import { inspectFixture } from '../inspect.ts';
import { renderInspect } from '../report/inspect.ts';
import { sessionOptions } from './options.ts';

/** Builds the `inspect` command. */
export function inspectCommand(): Command {
  const command = new Command('inspect')
    .description('show what a fixture holds: messages, tokens, tool calls, files, probes, and the slice plan')
    .argument('<fixture>', 'a name in fixtures/ (without extension) or a path to a transcript')
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  compaction-bench inspect before-compaction\n  compaction-bench inspect ./session.jsonl --slice-tokens 8000 --json',
    );
  for (const option of sessionOptions()) command.addOption(option);
  return command.action(async (fixture: string, options) => {
    const result = await inspectFixture(fixture, options);
    process.stdout.write(`${options.json ? JSON.stringify(result, null, 2) : renderInspect(result)}\n`);
  });
}
