/** A suite of generated sessions in a directory (the fixture generator, small sizes and several seeds). */
import { writeSessionOfTokens } from '../../fixtures/generator/output.ts';

/** Sizes and seeds whose generated probes lint clean (a probe error would fail `check` on its own). */
export const SUITE_SESSIONS: ReadonlyArray<{ tokens: number; seed: number }> = [
  { tokens: 8000, seed: 100 },
  // Early in the list so that any first few sessions span two size bands.
  { tokens: 20000, seed: 109 },
  { tokens: 9000, seed: 101 },
  { tokens: 10000, seed: 103 },
  { tokens: 12000, seed: 104 },
  { tokens: 14000, seed: 105 },
  { tokens: 16000, seed: 106 },
  { tokens: 18000, seed: 108 },
];

/** Writes `count` generated sessions (`gen-1-8k.jsonl` and its sidecar, …) into `directory`; returns the files. */
export async function writeSuite(directory: string, count = SUITE_SESSIONS.length): Promise<string[]> {
  const files: string[] = [];
  for (const [index, { tokens, seed }] of SUITE_SESSIONS.slice(0, count).entries()) {
    const written = await writeSessionOfTokens(
      tokens,
      `${directory}/gen-${index + 1}-${tokens / 1000}k.jsonl`,
      seed,
    );
    files.push(written.file);
  }
  return files;
}
