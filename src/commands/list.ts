/** `compaction-bench list`. */
import { Command, Option } from 'commander';
import { listAvailable } from '../inspect/list.ts';
import { renderList } from '../report/list.ts';
import { TOKENIZER_NAMES } from '../tokens.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput } from './streams.ts';

/** Builds the `list` command. */
export function listCommand(): Command {
  return new Command('list')
    .description(COMMAND_SUMMARIES.list.description)
    .option('--json', 'print the result as JSON')
    .addOption(
      new Option('--tokenizer <name>', 'token counter for session sizes')
        .choices([...TOKENIZER_NAMES])
        .default('o200k_base'),
    )
    .action(async (options) => {
      const result = await listAvailable(options);
      standardOutput().write(`${options.json ? JSON.stringify(result, null, 2) : renderList(result)}\n`);
    });
}
