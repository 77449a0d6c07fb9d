/**
 * What the top-level `--help` says of each command, in its order: kept apart from the commands themselves so the
 * CLI can list them all while loading only the one that runs (a command's module pulls in the whole pipeline).
 */
export const COMMAND_SUMMARIES = {
  compare: {
    arguments: '[transcript...]',
    description: 'run compaction strategies on transcripts, write reports, print the comparison',
  },
  check: {
    arguments: '[transcript...]',
    description:
      'compare, then gate on summary quality (for CI): exit 1 when a figure is under its floor or regressed',
  },
  report: {
    arguments: '<records...>',
    description:
      'build the reports compare writes from records (several runs or shards merged), or from results files, running nothing',
  },
  merge: {
    arguments: '<shards...>',
    description:
      'join the outputs of compare --shard i/n (or check --shard) into the reports, statistics and gate of the whole run',
  },
  score: {
    arguments: '<records...>',
    description:
      "re-evaluate stored records with today's scorers and probes (and --judge), without calling the summarizing model",
  },
  inspect: {
    arguments: '<transcript>',
    description: 'show what a session holds: messages, tokens, tool calls, files, probes, and the slice plan',
  },
  probes: {
    arguments: '[transcript]',
    description:
      "write a transcript's probes (the facts a summary must keep) to F.probes.json for review; `probes lint` checks them",
  },
  calibrate: {
    arguments: '',
    description:
      'score the human-labelled yardstick (calibration/) and compare with the reader: recall error, kappa, rank correlation',
  },
  runs: {
    arguments: '[folder]',
    description:
      'list the runs of an output folder, newest first, with their verdicts (runs.html); --diff: what each strategy gained and lost',
  },
  list: {
    arguments: '',
    description: 'list the sample transcripts, transcript formats, strategies and providers you can name',
  },
} as const;

/** A command's name. */
export type CommandName = keyof typeof COMMAND_SUMMARIES;
