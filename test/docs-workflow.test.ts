/**
 * The GitHub workflow the docs ship (examples/github-workflow.yml, shown in docs/ci.md): it parses as YAML, has
 * the steps it promises, and every compaction-bench command and flag it runs exists.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { format } from 'prettier';
import { runCli } from './helpers/cli.ts';

const WORKFLOW = 'examples/github-workflow.yml';

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; if?: string };
type Workflow = { on: unknown; jobs: Record<string, { 'runs-on': string; steps: Step[] }> };

/** The `yaml` package (a devDependency); loaded by name so the type check does not need it installed. */
async function yamlParser(): Promise<{ parse(text: string): unknown } | undefined> {
  const name = 'yaml';
  return import(name).catch(() => undefined);
}

describe(WORKFLOW, () => {
  it('is shown in docs/ci.md exactly as shipped', async () => {
    const [workflow, docs] = await Promise.all([readFile(WORKFLOW, 'utf8'), readFile('docs/ci.md', 'utf8')]);
    assert.ok(docs.includes(`\`\`\`yaml\n${workflow}\`\`\``), 'docs/ci.md holds the workflow verbatim');
  });

  it('is valid YAML (prettier’s YAML parser, a devDependency already)', async () => {
    const text = await readFile(WORKFLOW, 'utf8');
    await assert.doesNotReject(format(text, { parser: 'yaml' }));
    await assert.rejects(
      format(`${text}\n  - broken: [\n`, { parser: 'yaml' }),
      'the parser does fail on bad YAML',
    );
  });

  it('parses, installs, replays the cassette, gates, and uploads the HTML report', async (context) => {
    const yaml = await yamlParser();
    if (!yaml) {
      context.skip('the yaml devDependency is not installed');
      return;
    }
    const workflow = yaml.parse(await readFile(WORKFLOW, 'utf8')) as Workflow;
    assert.ok(workflow.on);
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const runs = steps.flatMap((step) => (step.run ? [step.run] : []));
    assert.ok(runs.includes('npm ci'));
    assert.ok(runs.some((run) => /compaction-bench check .*--replay \S+ .*--baseline \S+/.test(run)));
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    assert.match(String(upload?.with?.['path']), /-report\.html/);
    assert.equal(upload?.if, 'always()');
  });

  it('runs only compaction-bench commands and flags that exist', async () => {
    const text = await readFile(WORKFLOW, 'utf8');
    // Folded `run: >-` blocks: the command is the indented lines after it, joined.
    const commands = [...text.matchAll(/npx compaction-bench (\w+)((?:[^\n]*\n?)(?: {10}[^\n]*\n?)*)/g)];
    assert.ok(commands.length > 0);
    for (const [, command, rest] of commands) {
      const help = await runCli([command!, '--help'], { cwd: process.cwd() });
      assert.equal(help.code, 0, `compaction-bench ${command} exists`);
      for (const flag of rest!.match(/(?<=\s)--?[a-z][\w-]*/g) ?? [])
        assert.ok(new RegExp(`(^|[\\s,])${flag}[\\s,<]`, 'm').test(help.stdout), `${command} ${flag} exists`);
    }
  });
});
