/**
 * The human-labelled yardstick of calibration/cuts/ (calibration/README.md): one file per cut, with its facts and
 * every labelled summary, read and checked with a schema.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { InputError } from '../errors.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import { IMPORTERS } from '../session/importers/index.ts';
import type { SessionFormat } from '../session/types.ts';

// Every format an importer reads; a cut's entry indices are 0-based JSONL lines of its transcript in each.
const FORMATS = Object.keys(IMPORTERS) as [SessionFormat, ...SessionFormat[]];

/** A reader's verdict on one fact in one summary. */
export const LABELS = ['kept', 'partial', 'lost', 'contradicted'] as const;

/** A reader's verdict. */
export type Label = (typeof LABELS)[number];

const label = z.enum(LABELS);
const range = z.object({ from: z.number().int().min(0), to: z.number().int().min(0) });

const factSchema = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  live: z.boolean(),
  statement: z.string().min(1),
  /** The transcript entries the reader cites for the fact (coverage.ts joins a request's task to the fact citing it). */
  evidence: z.array(z.number().int().min(0)).optional(),
  inKeptTail: label,
});

const summarySchema = z.object({
  id: z.string().min(1),
  source: z.string().min(1),
  text: z.string().optional(),
  extract: z
    .object({ rule: z.enum(['verbatim-entries', 'user-messages-verbatim']), entries: range })
    .optional(),
  labels: z.record(z.string(), z.object({ label })),
});

const cutSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string().min(1),
  split: z.enum(['tuning', 'held-out']),
  session: z.object({
    path: z.string().min(1),
    root: z.string().optional(),
    repository: z.string().optional(),
    format: z.enum(FORMATS),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  cut: z.object({ summarizedEntries: range, keptTail: range.nullable() }),
  facts: z.array(factSchema).min(1),
  summaries: z.array(summarySchema).min(1),
});

/** One cut of the yardstick. */
export type CalibrationCut = z.infer<typeof cutSchema>;

/** One fact of a cut. */
export type CalibrationFact = CalibrationCut['facts'][number];

/** One labelled summary of a cut. */
export type CalibrationSummary = CalibrationCut['summaries'][number];

/** Every cut file of a directory (`*.json`), parsed and checked, in file-name order. */
export async function readCuts(directory: string): Promise<CalibrationCut[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new InputError(`${directory}: cannot read the cut files (${(error as Error).message})`);
  }
  if (names.length === 0) throw new InputError(`${directory}: no cut files (*.json)`);
  const cuts: CalibrationCut[] = [];
  for (const name of names) {
    const file = join(directory, name);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = cutSchema.safeParse(json);
    if (!parsed.success) throw new InputError(`${file}: ${describeSchemaProblem(parsed.error)}`);
    for (const summary of parsed.data.summaries) {
      const missing = parsed.data.facts.find((fact) => !summary.labels[fact.id]);
      if (missing)
        throw new InputError(`${file}: summary '${summary.id}' has no label for fact '${missing.id}'`);
    }
    cuts.push(parsed.data);
  }
  return cuts;
}

/** The cuts of a held-out folder, each checked to be held out (a tuning cut there would be scored as blind). */
export async function readHeldOutCuts(directory: string): Promise<CalibrationCut[]> {
  const cuts = await readCuts(directory);
  const tuning = cuts.find((cut) => cut.split !== 'held-out');
  if (tuning)
    throw new InputError(
      `${directory}: cut '${tuning.id}' is split '${tuning.split}'; --held-out-cuts takes held-out cuts only`,
    );
  return cuts;
}
