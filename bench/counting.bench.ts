/**
 * The counting benchmark: token counting alone over the bench suite's first `BENCH_COUNT_SESSIONS` sessions (default
 * 40), in a fresh process per run: each session's messages counted, then its transcript rendered twice (tool results
 * whole and cut to 2,000 characters) and counted, the text caches aged every four sessions as the runner ages them.
 * The sessions are loaded and rendered before the clock starts; the figure is the CPU of the counting (o200k_base).
 * `BENCH_BASELINE=<another checkout>` counts with that checkout's sources too, run for run, and prints the ratios.
 * Run: `npm run bench -- counting`.
 */
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BASELINE, ROOT, RUNS, describeLoad, describeSpread } from './process.ts';
import { benchSuite } from './sessions.ts';

const SESSIONS = Number(process.env.BENCH_COUNT_SESSIONS ?? 40);
// The CLI's own V8 flags (src/cli.ts), so the counter is optimized when a command's would be.
const CLI_FLAGS = ['--heap-growing-percent=30', '--interrupt-budget=540672'];

/** One run in this process: `root`'s sources count the sessions of `folder`; prints the CPU ms and the tokens. */
async function countOnce(root: string, folder: string): Promise<void> {
  for (const flag of CLI_FLAGS) setFlagsFromString(flag);
  const source = (path: string) => import(pathToFileURL(`${root}/src/${path}`).href);
  const { getTokenizer, countMessages } = await source('tokens.ts');
  const { loadSession } = await source('session/load.ts');
  const { renderMessages } = await source('session/transcript.ts');
  const { ageTextCaches } = await source('text/text-cache.ts');
  const sessions = [];
  for (let seed = 1; seed <= SESSIONS; seed++)
    sessions.push(await loadSession(`${folder}/session-${seed}.jsonl`));
  const rendered = sessions.map((session) => [
    renderMessages(session.messages, { toolResultChars: Infinity }),
    renderMessages(session.messages, { toolResultChars: 2000 }),
  ]);
  const tokenizer = await getTokenizer('o200k_base');
  const started = process.cpuUsage();
  let tokens = 0;
  sessions.forEach((session, index) => {
    for (const count of countMessages(tokenizer, session.messages) as number[]) tokens += count;
    for (const text of rendered[index]!) tokens += tokenizer.count(text) as number;
    if (index % 4 === 3) ageTextCaches();
  });
  const spent = process.cpuUsage(started);
  process.stdout.write(`${JSON.stringify({ ms: (spent.user + spent.system) / 1000, tokens })}\n`);
}

/** One run in a fresh process: the CPU ms of the counting and the tokens counted. */
function run(root: string, folder: string): { ms: number; tokens: number } {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--count', root, folder],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`counting in ${root} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as { ms: number; tokens: number };
}

const [mode, root, folder] = process.argv.slice(2);
if (mode === '--count' && root && folder) {
  await countOnce(root, folder);
} else {
  const suite = await benchSuite(100, 40_000, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`${describeLoad()} at the start\n`);
  const here: number[] = [];
  const there: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const mine = run(ROOT, suite);
    here.push(mine.ms);
    if (BASELINE) {
      const theirs = run(BASELINE, suite);
      if (theirs.tokens !== mine.tokens)
        throw new Error(`tokens ${mine.tokens} here, ${theirs.tokens} there`);
      there.push(theirs.ms);
    }
    if (index === 0) process.stdout.write(`${mine.tokens} tokens counted a run\n`);
  }
  const ratios = here.map((ms, index) => ms / there[index]!);
  process.stdout.write(
    `counting ${SESSIONS} suite sessions' messages and renderings: ${describeSpread(here, 1, 'ms CPU', 0)}` +
      (BASELINE
        ? `; baseline ${describeSpread(there, 1, 'ms', 0)}; × ${describeSpread(ratios, 1, '', 2)} pair by pair (${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`
        : '') +
      '\n',
  );
  process.stdout.write(`${describeLoad()} at the end\n`);
}
