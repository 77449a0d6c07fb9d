/** The plain data between the runner's stages: the options, the run's shared environment, a job, a plan and a compacted job. */
import type { OutputStage } from '../report/output-stage.ts';
import type { ContinuationOptions, ContinuationSetup } from '../continuation/setup.ts';
import { type ProgressEvent } from '../results/run-progress.ts';
import { type ContentStore } from '../results/records-file.ts';
import { type EvaluatorContext } from '../evaluators/types.ts';
import { type SessionReference } from '../results/session-reference.ts';
import type { ChainOutput } from '../results/chain-output.ts';
import type { ContinuationOutput, JobCall, RunRecord } from '../results/record.ts';
import { type LimitFunction } from 'p-limit';
import type { CallLimit } from '../providers/call-limit.ts';
import { type LoadOptions } from '../session/load.ts';
import { type Measure } from '../results/assemble.ts';
import { type Message } from '../session/types.ts';
import { type Provenance } from '../results/provenance.ts';
import { type Provider } from '../providers/types.ts';
import { type ProviderOptions } from '../providers/create.ts';
import { type Schedule } from '../schedule/policy.ts';
import { type Strategy, type StrategyConfig } from '../strategies/types.ts';
import { type MeasuredResult } from '../results/types.ts';
import { type Tokenizer } from '../tokens.ts';

/** One part of a sharded run (`--shard i/n`): `index` of `count`, 1-based. */
export type Shard = { index: number; count: number };

/** What to run: the sessions, strategies, targets, points and runs the plan stage turns into jobs. */
export type PlanOptions = LoadOptions & {
  transcripts: string[];
  /** `-s`: names, groups and strategy files, comma-separated. */
  strategies: string;
  config: StrategyConfig;
  /** `--target-tokens`: each target is a run of every strategy aiming at that size (a sweep when several). */
  targets?: number[];
  /** `--reference`: the strategy the others are compared with (default: the first listed). */
  reference?: string;
  /** `--at-compaction`: run every strategy on the history up to the transcript's last recorded compaction. */
  atCompaction?: boolean;
  /** `--schedule`: replay each session as a compaction chain under this trigger policy. */
  schedule?: Schedule;
  /** `--continuation K`: after each strategy, measure the next K steps at the cut (docs/continuation.md). */
  continuation?: ContinuationOptions;
  runs: number;
  /** The name a fixture file is reported under, when not its file name (a suite with two files of one name). */
  sessionNames?: Record<string, string>;
  /** A suite: a session that will not load is skipped with a notice instead of ending the run. */
  skipUnloadable?: boolean;
  /** `--shard i/n`: run only this part of the plan and write its records, no reports (`merge` writes them). */
  shard?: Shard & { gate?: RunRecord['gate'] };
};

/** What the jobs run on: the model, the judge, the tokenizer and the limits. */
export type ModelOptions = {
  /** `-p`: a provider spec (see the provider table). */
  provider: string;
  /** `--judge`: a provider spec for the LLM judge; off when absent. */
  judge?: string;
  /** `--judge-base-url`: the judge's server, when it is not the vendor's default. */
  judgeBaseUrl?: string;
  providerOptions?: Omit<ProviderOptions, 'tokenizer' | 'batch'>;
  /**
   * `--batch`: the model's calls go through its vendor's batch service, polled every `pollMs` (the batch ids are
   * saved in `<out>/batches.json`); `--concurrency` then limits the judge alone.
   */
  batch?: { pollMs: number };
  tokenizer: string;
  /** Refuse calls above this many input tokens; defaults to the model's window when known. */
  contextWindow?: number;
  concurrency: number;
};

/** Where results go and who hears of progress. */
export type OutputOptions = {
  out: string;
  /**
   * The staging folder the run writes into instead of `out`, made and committed by whoever runs the whole command
   * (`check` commits after its gate); without one, the run stages and commits its own (report/output-stage.ts).
   */
  stage?: OutputStage;
  signal?: AbortSignal;
  /** How far the run has got: strategies finished, calls, tokens and cost (the command shows them). */
  onProgress?: (event: ProgressEvent) => void;
  /** Lines a user must see even with `--quiet`: work of a transcript that was not imported. */
  onNotice?: (line: string) => void;
  /** An input the run skipped (not a transcript, or a session that would not load), with why: `check` names it. */
  onSkip?: (skipped: { file: string; reason: string }) => void;
  /** The command line after the program name, for the results' provenance (secrets are removed there). */
  command?: readonly string[];
  /**
   * Whether a run of several sessions writes each session's page (`F-report.html`) too; without it (`compare`), the
   * suite's page is written and each session's is left to `compaction-bench report <out>`, which writes it from the
   * records as the run would have. Default: written (`check` gates them).
   */
  suiteSessionPages?: boolean;
};

/** Everything `compare` (and `check`) needs to run. */
export type CompareOptions = PlanOptions & ModelOptions & OutputOptions;

/**
 * What the stages read of the plan options: the strategies' settings, the samples, the reference and the kind of
 * run (at a recorded compaction, a chain, continuation cuts). Cut from the compare options once, in the run.
 */
export type StagePlanOptions = Pick<
  PlanOptions,
  'config' | 'runs' | 'reference' | 'atCompaction' | 'schedule' | 'continuation'
>;

/** Who hears of the run as it goes: progress, notices, the inputs skipped. */
export type RunListeners = Pick<OutputOptions, 'onProgress' | 'onNotice' | 'onSkip'>;

/** How the run loads each session: the import options, its suite name, and whether one that will not load is skipped. */
export type SessionLoadOptions = LoadOptions &
  Pick<PlanOptions, 'atCompaction' | 'schedule' | 'skipUnloadable' | 'sessionNames'> &
  Pick<OutputOptions, 'onNotice' | 'onSkip'> & {
    /**
     * The probes' liveness marking not loaded with the session (`sessionReference`'s `markLater`): set by a run with a
     * model, whose first probe reader comes after its first requests and awaits it (`probeMarkingLoaded`).
     */
    markProbesLater?: boolean;
  };

/** Shared by every strategy of the run. */
export type RunEnvironment = {
  provider: Provider;
  /** The LLM judge, behind the same cache, cassette and concurrency limit; absent without `--judge`. */
  judge: Provider | undefined;
  tokenizer: Tokenizer;
  /** The run's one limit on model calls at once (`--concurrency`). */
  limit: CallLimit;
  /**
   * Strategy runs at once: all of them with a language model (they wait on its answers), one at a time with an
   * offline provider, whose answers are work on this thread: interleaving those would only hold every
   * strategy's prompts and scoring in memory together and blur each one's time.
   */
  runs: LimitFunction;
  /**
   * With a language model, what a strategy run waits for once its calls are made, before it is scored: a quiet
   * thread (run/quiet-thread.ts), so scoring it while other strategies' calls are in flight delays none of their
   * requests, and the scoring left after the last answer is only the last strategies'. A call's prompt and answer
   * wait for it before they are stored, too.
   */
  scoringGate: (() => Promise<void>) | undefined;
  /** What the stages read of the plan options. */
  planOptions: StagePlanOptions;
  /** Who hears of progress and notices. */
  listeners: RunListeners;
  /** `--concurrency`, as the results record it. */
  concurrency: number;
  /** Where the session reports are written: the run's staging folder, moved to `--out` at the end. */
  reportDirectory: string;
  /** Whether each session's page (`F-report.html`) is written (stages/options.ts, `sessionPagesOf`). */
  sessionPages: boolean;
  contextWindow: number | undefined;
  signal: AbortSignal;
  /** `performance.now()` when the run's clock started (after the providers warmed up). */
  origin: number;
  /** Where the results came from (every results file carries it): git is asked on the first call, once. */
  provenance: () => Promise<Provenance>;
  /** Where every prompt, answer and compacted context is stored once, by hash. */
  store: ContentStore;
  /** Told once per session of the run, when it is scored (before its reports) or skipped. */
  sessionScored: () => void;
  evaluators: EvaluatorContext;
};

/** One job of the plan: a strategy on a session at a target, one sample. */
export type Job = { id: string; strategy: Strategy; sample: number; deterministic: boolean };

/** The plan of one session at one target: what it is scored against, its jobs, and the agent's own summary. */
export type SessionPlan = {
  /** What the strategies see and are scored against (the history up to the compaction with `--at-compaction`). */
  reference: SessionReference;
  fullReference: SessionReference;
  target: number | undefined;
  stem: string;
  measure: Measure;
  /** `--continuation`: the cut and the whole session every strategy's next steps are measured against. */
  continuation?: ContinuationSetup;
  contentHash: string;
  /**
   * Jobs per strategy, in the order listed, and the calls each job plans (`calls` in all, `sequential` one after
   * another) where the strategy says and the slices are known before it runs (not under `--schedule`).
   */
  strategies: Array<{ strategy: Strategy; jobs: Job[]; calls?: { calls: number; sequential: number } }>;
  /** The agent's own last summary, scored beside the strategies when the transcript recorded one. */
  agentCompaction:
    | {
        id: string;
        summary: string;
        end: number;
        kept: Message[];
        keptFrom: number;
        reference: SessionReference;
      }
    | undefined;
};

/** A job compacted: its measured result (quality unset), the compacted context, its calls' stored texts, and what its chain and continuation cuts produced. */
export type Compacted = {
  outcome: MeasuredResult;
  text: string;
  calls: JobCall[];
  requiredSections: readonly string[] | undefined;
  /** `--schedule`: every compaction of the chain (scored by the chain evaluator). */
  chain?: ChainOutput;
  /** `--continuation`: the strategy's context at each cut and its predicted next steps (scored by the continuation evaluator). */
  continuation?: ContinuationOutput;
  /** The contexts `chain` and `continuation` name, by hash. */
  texts: Map<string, string>;
};
