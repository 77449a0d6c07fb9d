/** `compaction-bench score <records...>`: re-evaluate stored records (or older results files) without calling the summarizing model. */
import { Command, Option } from 'commander';
import { InputError } from '../errors.ts';
import { scoreRecords } from '../run/rescore.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { interruptible } from './interrupt.ts';
import { standardError, standardOutput } from './streams.ts';

/** Builds the `score` command. */
export function scoreCommand(): Command {
  return new Command('score')
    .description(COMMAND_SUMMARIES.score.description)
    .argument(
      '<records...>',
      'records/<run>.jsonl files, records/ folders or output folders written by compare; or F-results.json files (and folders of them) written before records existed',
    )
    .addOption(
      new Option(
        '--probes <file>',
        "score against this probe file instead of the session's sidecar (one session)",
      ),
    )
    .addOption(
      new Option(
        '--judge <spec>',
        'also grade each context with an LLM judge (openai:<model>, anthropic:<model>)',
      ),
    )
    .addOption(
      new Option('--judge-base-url <url>', "the judge's server, when it is not the vendor's default"),
    )
    .addOption(
      new Option('-o, --out <dir>', 'where the new records and reports go').default('compaction-results'),
    )
    .addOption(new Option('--concurrency <n>', 'judge calls in flight at once').default('4'))
    .addHelpText(
      'after',
      `
Scores every stored compacted context again with today's scorers and probes: edit a session's sidecar
(F.probes.json), or give --probes, and the figures follow; the strategies are not run and no summarizing model
is called. The transcript must be the one the run read (its SHA-256 is checked). Writes new records
(<out>/records/<run>.jsonl, pointing at the run it re-scored) and the reports compare writes.

Results files (F-results.json) written before records existed are re-scored too: each strategy's stored summary
and the transcript's messages of its kept ranges rebuild its compacted context, checked against the tokens the
file recorded. The transcript is found at the path the file names (relative paths from the folder compare ran
in) and must still count the messages and tokens the file recorded. A strategy whose context cannot be rebuilt
(one that edited the messages it kept) is listed and scored as failed; the new records store every rebuilt
context, so the output can be scored again like any other.

Examples:
  compaction-bench score compaction-results
  compaction-bench score compaction-results/records/20261125T180203Z-dc7caef1.jsonl --probes my.probes.json -o rescored
  compaction-bench score compaction-results --judge openai:gpt-4.1-mini -o judged
  compaction-bench score old-results/before-compaction-results.json -o rescored`,
    )
    .action(
      async (
        records: string[],
        flags: { probes?: string; judge?: string; judgeBaseUrl?: string; out: string; concurrency: string },
      ) => {
        const concurrency = Number(flags.concurrency);
        if (!Number.isInteger(concurrency) || concurrency < 1)
          throw new InputError(`--concurrency ${flags.concurrency}: expected a whole number of at least 1`);
        const outcome = await interruptible((signal) =>
          scoreRecords({
            records,
            probes: flags.probes,
            judge: flags.judge,
            judgeBaseUrl: flags.judgeBaseUrl,
            out: flags.out,
            concurrency,
            signal,
          }),
        );
        if (!outcome) return;
        for (const choice of outcome.choices) standardError().write(`note: ${choice}\n`);
        for (const line of outcome.notRebuilt) standardOutput().write(`not rebuilt: ${line}\n`);
        standardOutput().write(
          `scored ${outcome.jobs} jobs of ${outcome.sessions} session(s) again: ${outcome.recordsFile}\n${outcome.pages.map((page) => `${page}\n`).join('')}`,
        );
      },
    );
}
