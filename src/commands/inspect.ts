/** `compaction-bench inspect <transcript>`. */
import { Command } from 'commander';
import { inspectSession } from '../inspect/inspect.ts';
import { inspectMessages } from '../inspect/messages.ts';
import { renderInspect } from '../report/inspect.ts';
import { renderMessageList } from '../report/inspect-messages.ts';
import { sessionOptions } from './options.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput, standardError } from './streams.ts';

/** Builds the `inspect` command. */
export function inspectCommand(): Command {
  const command = new Command('inspect')
    .description(COMMAND_SUMMARIES.inspect.description)
    .argument('<transcript>', 'a name in fixtures/ (without extension) or a path to a transcript')
    .option('--json', 'print the result as JSON')
    .option(
      '--messages',
      'list the imported messages instead: index, role, tool calls, source line, the start of the text',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  compaction-bench inspect before-compaction\n  compaction-bench inspect ./session.jsonl --slice-tokens 8000 --json\n  compaction-bench inspect ./session.jsonl --messages',
    );
  for (const option of sessionOptions()) command.addOption(option);
  return command.action(async (transcript: string, options) => {
    if (options.messages) {
      const { messages, droppedWork } = await inspectMessages(transcript, options);
      if (droppedWork) standardError().write(`${droppedWork}\n`);
      standardOutput().write(
        `${options.json ? JSON.stringify(messages, null, 2) : renderMessageList(messages)}\n`,
      );
      return;
    }
    const result = await inspectSession(transcript, options);
    if (result.droppedWork) standardError().write(`${result.droppedWork}\n`);
    standardOutput().write(`${options.json ? JSON.stringify(result, null, 2) : renderInspect(result)}\n`);
  });
}
