/** `compaction-bench probes lint <fixture...>`. */
import { Command } from 'commander';
import { lintFixture } from '../lint.ts';
import { renderLint } from '../report/lint.ts';

/** Builds the `probes` command and its `lint` subcommand. */
export function probesCommand(): Command {
  const lint = new Command('lint')
    .description(
      "check a fixture's probes: phrase facets, distinct facts, present in the transcript, not answerable late",
    )
    .argument('<fixture...>', 'names in fixtures/ (without extension) or paths to transcripts')
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
    .action(async (fixtures: string[], options: { json?: boolean; format?: string }) => {
      const results = [];
      for (const fixture of fixtures) results.push(await lintFixture(fixture, { format: options.format }));
      process.stdout.write(
        options.json ? `${JSON.stringify(results, null, 2)}\n` : `${results.map(renderLint).join('\n\n')}\n`,
      );
      process.exitCode = results.some((result) => result.errors > 0) ? 1 : 0;
    });
  return new Command('probes')
    .description("work with a fixture's probes (the facts a summary must keep)")
    .addCommand(lint);
}
