/** `compaction-bench probes <transcript>` (write a sidecar to review) and `probes lint <transcript...>`. */
import { Command, Option } from 'commander';
import { lintSession } from '../quality/lint-session.ts';
import { DEFAULT_CACHE_DIRECTORY } from '../providers/cache.ts';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../providers/create.ts';
import { PROVIDER_TABLE } from '../providers/registry.ts';
import { DEFAULT_MAX_PROBES } from '../quality/derive/select.ts';
import { renderLint } from '../report/lint.ts';
import { renderWrittenProbes } from '../report/probes.ts';
import { writeProbes } from '../quality/write-probes.ts';
import { integerAtLeast, sessionOptions } from './options.ts';
import { interruptible } from './interrupt.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput } from './streams.ts';

/** Builds the `probes` command and its `lint` subcommand. */
export function probesCommand(): Command {
  const lint = new Command('lint')
    .description(
      "check a session's probes: phrase facets, distinct facts, present in the transcript, not answerable late",
    )
    .argument('<transcript...>', 'names in fixtures/ (without extension) or paths to transcripts')
    .option('--json', 'print the findings as JSON')
    .option('--format <format>', 'force the transcript format instead of detecting it')
    .addHelpText(
      'after',
      `
Exit codes: 0 no errors, 1 a probe has an error (warnings do not fail), 2 bad input.
Rules (docs/quality.md): no-phrase-facet, shared-facets, answer-misses, answer-overlap, absent-facet,
unanswerable, contradicted-by-transcript, late-answer, message-index.

Examples:
  compaction-bench probes lint before-compaction large-session
  compaction-bench probes lint ./my-session.jsonl --json`,
    )
    .action(async (transcripts: string[], options: { json?: boolean; format?: string }) => {
      const results = [];
      for (const transcript of transcripts)
        results.push(await lintSession(transcript, { format: options.format }));
      standardOutput().write(
        options.json ? `${JSON.stringify(results, null, 2)}\n` : `${results.map(renderLint).join('\n\n')}\n`,
      );
      process.exitCode = results.some((result) => result.errors > 0) ? 1 : 0;
    });
  const command = new Command('probes')
    .description(COMMAND_SUMMARIES.probes.description)
    .argument('[transcript]', 'a name in fixtures/ (without extension) or a path to a transcript')
    .option(
      '-p, --provider <spec>',
      `also ask a model for probes, slice by slice: ${PROVIDER_TABLE.filter((entry) => entry.takesModel)
        .map((entry) => entry.spec)
        .join(' or ')}`,
    )
    .option('--base-url <url>', 'an OpenAI- or Anthropic-compatible server for -p')
    .addOption(
      new Option('--max <n>', 'at most n probes (kinds balanced, positions spread)')
        .argParser(integerAtLeast(1))
        .default(DEFAULT_MAX_PROBES),
    )
    .option(
      '-o, --out <path>',
      'where to write: a file, or a directory for F.probes.json (default: F.probes.json beside the transcript)',
    )
    .option('--force', 'replace an existing file')
    .addOption(
      new Option('--concurrency <n>', 'model calls in flight at once')
        .argParser(integerAtLeast(1))
        .default(4),
    )
    .addOption(
      new Option('--retries <n>', 'SDK retries on 429, 5xx and timeouts')
        .argParser(integerAtLeast(0))
        .default(DEFAULT_RETRIES),
    )
    .addOption(
      new Option('--timeout <ms>', 'SDK timeout per request attempt, in ms')
        .argParser(integerAtLeast(1))
        .default(DEFAULT_TIMEOUT_MS),
    )
    .option('--cache-dir <dir>', 'response cache directory', DEFAULT_CACHE_DIRECTORY)
    .option('--no-cache', 'do not read or write the response cache')
    .option('--record <file>', "write the model's answers to a cassette (JSONL) you can commit")
    .option('--replay <file>', 'answer only from a cassette; a call not in it fails')
    .addHelpText(
      'after',
      `
Without -p the probes are derived from the transcript by code (docs/derived-probes.md); with -p a model also
proposes probes (a facet the transcript does not contain is dropped). Every probe is checked like probes lint;
one that breaks a rule is dropped and listed. The file says where each probe came from ("source").

Examples:
  compaction-bench probes ~/.claude/projects/<project>/<session>.jsonl
  compaction-bench probes ./session.jsonl -p openai:gpt-4.1-mini --max 40 --record probes-cassette.jsonl`,
    );
  for (const option of sessionOptions()) command.addOption(option);
  return command.addCommand(lint).action(async (transcript: string | undefined, options) => {
    if (transcript === undefined) {
      command.help();
      return;
    }
    const result = await interruptible((signal) =>
      writeProbes(transcript, {
        ...options,
        providerOptions: {
          baseUrl: options.baseUrl,
          retries: options.retries,
          timeoutMs: options.timeout,
          cacheDirectory: options.cache ? options.cacheDir : false,
          record: options.record,
          replay: options.replay,
        },
        signal,
      }),
    );
    if (result === undefined) return;
    standardOutput().write(`${renderWrittenProbes(result)}\n`);
    process.exitCode = result.lint.errors > 0 ? 1 : 0;
  });
}
