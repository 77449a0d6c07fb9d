/**
 * The sharded GitHub workflow the docs ship (examples/github-sharded-workflow.yml, shown in docs/scale.md): it
 * parses as YAML, runs one shard per matrix entry and a merge job after them, and every compaction-bench command
 * and flag it runs exists.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { format } from 'prettier';
import { runCli } from './helpers/cli.ts';

const WORKFLOW = 'examples/github-sharded-workflow.yml';

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; if?: string };
type Job = { 'runs-on': string; needs?: string; strategy?: { matrix: { shard: number[] } }; steps: Step[] };

/** The `yaml` package (a devDependency); loaded by name so the type check does not need it installed. */
async function yamlParser(): Promise<{ parse(text: string): unknown } | undefined> {
  const name = 'yaml';
  return import(name).catch(() => undefined);
}

describe(WORKFLOW, () => {
  it('is shown in docs/scale.md exactly as shipped', async () => {
    const [workflow, docs] = await Promise.all([
      readFile(WORKFLOW, 'utf8'),
      readFile('docs/scale.md', 'utf8'),
    ]);
    assert.ok(docs.includes(`\`\`\`yaml\n${workflow}\`\`\``), 'docs/scale.md holds the workflow verbatim');
  });

  it('is valid YAML', async () => {
    await assert.doesNotReject(format(await readFile(WORKFLOW, 'utf8'), { parser: 'yaml' }));
  });

  it('runs shard i of n per matrix entry, uploads each, and merges all n after them', async (context) => {
    const yaml = await yamlParser();
    if (!yaml) {
      context.skip('the yaml devDependency is not installed');
      return;
    }
    const { jobs } = yaml.parse(await readFile(WORKFLOW, 'utf8')) as { jobs: Record<string, Job> };
    const shards = jobs['shard']!.strategy!.matrix.shard;
    const n = shards.length;
    assert.deepEqual(
      shards,
      Array.from({ length: n }, (_, index) => index + 1),
    );
    const shardRuns = jobs['shard']!.steps.flatMap((step) => (step.run ? [step.run] : []));
    assert.ok(
      shardRuns.some((run) => run.includes(`--shard \${{ matrix.shard }}/${n}`)),
      shardRuns.join('\n'),
    );
    const upload = jobs['shard']!.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    assert.equal(upload?.with?.['path'], 'shard-${{ matrix.shard }}');
    assert.equal(jobs['merge']!.needs, 'shard');
    const merge = jobs['merge']!.steps.find((step) => step.run?.includes('compaction-bench merge'))!.run!;
    for (let index = 1; index <= n; index++) assert.match(merge, new RegExp(`shards/shard-${index}(\\s|$)`));
  });

  it('runs only compaction-bench commands and flags that exist', async () => {
    const text = await readFile(WORKFLOW, 'utf8');
    const commands = [...text.matchAll(/npx compaction-bench (\w+)((?:[^\n]*\n?)(?: {10}[^\n]*\n?)*)/g)];
    assert.equal(commands.length, 2);
    for (const [, command, rest] of commands) {
      const help = await runCli([command!, '--help'], { cwd: process.cwd() });
      assert.equal(help.code, 0, `compaction-bench ${command} exists`);
      for (const flag of rest!.match(/(?<=\s)--?[a-z][\w-]*/g) ?? [])
        assert.ok(new RegExp(`(^|[\\s,])${flag}[\\s,<]`, 'm').test(help.stdout), `${command} ${flag} exists`);
    }
  });
});
