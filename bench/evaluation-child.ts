/**
 * Evaluation alone, for bench/evaluation.bench.ts: the records of one compare read back, the session read and its
 * transcript indexed (CPU timed), then every job's stored context scored by the lexical evaluator as the run
 * scored it (CPU timed). Imports the sources of the checkout it is given, so a baseline is measured the same way.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Figures = { tokens: number; contexts: number; referenceCpuMs: number; scoringCpuMs: number };

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Scores every stored context of the compare written to `out`, with the sources of the checkout at `root`. */
export async function measureEvaluation(root: string, out: string): Promise<Figures> {
  const source = (path: string) => import(pathToFileURL(join(root, 'src', path)).href);
  const { readRecordSet } = await source('results/records-file.ts');
  const { readStored } = await source('results/stored-texts.ts');
  const { sessionFromRecords } = await source('run/recorded-sessions.ts');
  const { lexicalEvaluator } = await source('evaluators/lexical.ts');
  const { getTokenizer } = await source('tokens.ts');
  const set = await readRecordSet([out]);
  const runs = set.runs.map(({ record }: { record: unknown }) => record);
  const tokenizer = await getTokenizer(runs[0].tokenizer);
  const texts: string[] = [];
  const jobs = set.jobs.map(({ record, file }: { record: Record<string, any>; file: string }) => ({
    record,
    file,
  }));
  for (const { record, file } of jobs)
    texts.push(await readStored(file, 'contexts', record.compacted.textHash));
  let started = cpuMs();
  const reference = await sessionFromRecords(jobs[0]!.record.session, runs, tokenizer);
  const referenceCpuMs = cpuMs() - started;
  started = cpuMs();
  for (const [index, { record }] of jobs.entries()) {
    await lexicalEvaluator.evaluate({
      text: texts[index]!,
      summary: record.compacted.summary,
      ok: record.status === 'ok',
      reference,
      whole: reference,
      requiredSections: record.compacted.requiredSections ?? undefined,
      sample: record.sample,
    });
  }
  return {
    tokens: reference.tokensBefore,
    contexts: jobs.length,
    referenceCpuMs,
    scoringCpuMs: cpuMs() - started,
  };
}
