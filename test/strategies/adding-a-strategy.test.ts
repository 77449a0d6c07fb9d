/**
 * Adding a strategy is one file plus a registry line: a strategy registered in-process, with no other file
 * touched, is selected by its group, listed, given a colour no other strategy has, run and scored; one that brings
 * its own prompt sends it to the model, and `--prompt-file` replaces it by name.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strategyStyles } from '../../src/report/html/colors.ts';
import { messageText } from '../../src/session/grep-lines.ts';
import { conversationBlock } from '../../src/strategies/prompts.ts';
import { registeredPrompts, resolveStrategies, STRATEGIES } from '../../src/strategies/registry.ts';
import { summarize } from '../../src/strategies/summary-call.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { promptOf, startMockLlmServer } from '../../support/loopback-llm-server.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { registerStrategy } from '../helpers/registered-strategy.ts';

/** A sixth core strategy: every user message's first line, nothing kept. */
const firstLines: Strategy = {
  name: 'first-lines',
  description: 'every user message cut to its first line, as a throwaway sixth core strategy',
  group: 'core',
  callsModel: false,
  async run(session) {
    const lines = session.messages
      .filter((message) => message.role === 'user')
      .map((message) => messageText(message).split('\n')[0]!);
    return { summary: lines.join('\n') };
  },
};

const HEADLINE_PROMPT = 'Write the one headline this session would have in a changelog.';

/** A strategy that brings its own prompt, declared in its own module, and sends it to the model. */
const headline: Strategy = {
  name: 'headline',
  description: 'one changelog headline for the whole session, in a prompt of its own',
  group: 'custom',
  callsModel: true,
  prompts: { main: ['headline'], templates: { headline: HEADLINE_PROMPT } },
  async run(session, context) {
    const conversation = conversationBlock(context.render(session.messages));
    const summary = await summarize(context, {
      label: 'headline',
      owner: 'headline',
      prompt: 'headline',
      blocks: [conversation],
      maxTokens: 200,
    });
    return { summary };
  },
};

let unregister: () => void;
let directory: { path: string; remove: () => Promise<void> };

before(async () => {
  unregister = registerStrategy(firstLines);
  directory = await temporaryDirectory();
});
after(async () => {
  unregister();
  await directory.remove();
});

describe('adding a strategy', () => {
  it('is selected by its group after the others, and as a +recent hybrid', async () => {
    const core = (await resolveStrategies('core')).map((strategy) => strategy.name);
    const expected = Object.values(STRATEGIES as Record<string, Strategy>)
      .filter((strategy) => strategy.group === 'core')
      .map((strategy) => strategy.name);
    assert.deepEqual(core, expected);
    assert.equal(core.at(-1), 'first-lines');
    const [hybrid] = await resolveStrategies('first-lines+recent');
    assert.equal(hybrid?.name, 'first-lines+recent');
  });

  it('is listed with its group and description', async () => {
    const run = await runCli(['list'], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const line = run.stdout.split('\n').find((text) => text.includes('first-lines'));
    assert.ok(line, run.stdout);
    assert.match(line, /every user message cut to its first line/);
  });

  it('gets a colour no other registered strategy has, and keeps the others’ colours', () => {
    const names = Object.keys(STRATEGIES);
    const styles = strategyStyles(names);
    const colors = names.map((name) => styles.get(name)!.color);
    assert.equal(new Set(colors).size, names.length);
    assert.equal(styles.get('first-lines')!.shape, styles.get('single-shot')!.shape);
    unregister();
    try {
      const without = strategyStyles(Object.keys(STRATEGIES));
      for (const [name, style] of without) assert.deepEqual(styles.get(name), style, name);
    } finally {
      unregister = registerStrategy(firstLines);
    }
  });

  it('any number of registered strategies keep distinct colours', () => {
    const extra = Array.from({ length: 40 }, (_, index) => ({ ...firstLines, name: `first-lines-${index}` }));
    const removers = extra.map((strategy) => registerStrategy(strategy));
    try {
      const names = Object.keys(STRATEGIES);
      const styles = strategyStyles(names);
      assert.equal(new Set(names.map((name) => styles.get(name)!.color)).size, names.length);
    } finally {
      for (const remove of removers) remove();
    }
  });

  it('runs in compare and is scored, its colour in the page', async () => {
    const out = join(directory.path, 'out');
    const run = await runCli(
      ['compare', 'before-compaction', '-s', 'first-lines,truncate', '-o', out, '-q'],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8')) as {
      strategies: Array<{ name: string; status: string; quality: { probeRecall: number | null } }>;
    };
    const result = results.strategies.find((strategy) => strategy.name === 'first-lines');
    assert.ok(result, 'a result for first-lines');
    assert.equal(result.status, 'ok');
    assert.ok(
      result.quality.probeRecall! > 0 && result.quality.probeRecall! < 1,
      `${result.quality.probeRecall}`,
    );
    const page = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    const color = strategyStyles(['first-lines']).get('first-lines')!.color;
    assert.ok(page.includes(color), `the page draws first-lines in ${color}`);
  });

  describe('that brings its own prompt', () => {
    let unregisterHeadline: () => void;
    before(() => {
      unregisterHeadline = registerStrategy(headline);
    });
    after(() => unregisterHeadline());

    it('declares its own prompt beside the core ones; a name taken already is refused at registration', () => {
      assert.equal(registeredPrompts().headline, HEADLINE_PROMPT);
      assert.throws(
        () => registerStrategy({ ...headline, name: 'headline-again' }),
        /strategy 'headline-again' declares prompt 'headline', which strategy 'headline' already has/,
      );
      assert.throws(
        () =>
          registerStrategy({
            ...headline,
            name: 'own-system',
            prompts: { main: [], templates: { system: 'x' } },
          }),
        /strategy 'own-system' declares prompt 'system', which the core prompts already has/,
      );
      assert.equal((STRATEGIES as Record<string, Strategy>)['headline-again'], undefined);
    });

    it('sends its prompt to the model, and --prompt-file replaces it by name', async () => {
      const server = await startMockLlmServer({ reply: () => ({ kind: 'text', text: 'Fix the parser' }) });
      const replacement = join(directory.path, 'headline.md');
      await writeFile(replacement, 'Name the session in five words.\n');
      try {
        const compare = (out: string, extra: string[]) =>
          runCli(
            [
              'compare',
              'before-compaction',
              '-s',
              'headline',
              '-p',
              'openai:test-model',
              '--base-url',
              server.url,
              '--no-cache',
              '-o',
              join(directory.path, out),
              '-q',
              ...extra,
            ],
            { cwd: directory.path, env: { OPENAI_API_KEY: 'test-key' } },
          );
        const plain = await compare('plain', []);
        assert.equal(plain.code, 0, plain.stderr);
        const sent = server.requests.map(promptOf).filter((prompt) => prompt.includes('<conversation>'));
        assert.equal(sent.length, 1, 'one summarization call');
        assert.match(sent[0]!, new RegExp(`</conversation>\\n\\n${HEADLINE_PROMPT}$`));
        const results = JSON.parse(
          await readFile(join(directory.path, 'plain', 'before-compaction-results.json'), 'utf8'),
        ) as {
          strategies: Array<{
            name: string;
            status: string;
            prompts: Array<{ name: string; file: string | null }>;
          }>;
        };
        const result = results.strategies.find((strategy) => strategy.name === 'headline');
        assert.equal(result?.status, 'ok');
        assert.deepEqual(
          result.prompts.map((use) => [use.name, use.file]),
          [
            ['headline', null],
            ['system', null],
          ],
        );

        const before = server.requests.length;
        const overridden = await compare('overridden', ['--prompt-file', `headline.headline=${replacement}`]);
        assert.equal(overridden.code, 0, overridden.stderr);
        const resent = server.requests
          .slice(before)
          .map(promptOf)
          .filter((prompt) => prompt.includes('<conversation>'));
        assert.equal(resent.length, 1);
        assert.match(resent[0]!, /<\/conversation>\n\nName the session in five words\.$/);
        assert.doesNotMatch(resent[0]!, new RegExp(HEADLINE_PROMPT));

        const unknown = await compare('unknown', ['--prompt-file', `headline.slice=${replacement}`]);
        assert.equal(unknown.code, 2);
        assert.match(
          unknown.stderr,
          /strategy 'headline' has no prompt 'slice'; its prompts: headline, system/,
        );
      } finally {
        await server.close();
      }
    });
  });

  it('takes no source file besides its own module and its registry line', async () => {
    // The strategies above live in this test alone: no file under src/ names them or holds their prompt.
    const source = new URL('../../src/', import.meta.url);
    const files = (await readdir(source, { recursive: true })).filter((file) => file.endsWith('.ts'));
    assert.ok(files.includes(join('strategies', 'prompts.ts')), 'src/ is read');
    for (const file of files) {
      const text = await readFile(new URL(file, source), 'utf8');
      for (const mark of [`'first-lines'`, `'headline'`, HEADLINE_PROMPT]) {
        assert.ok(!text.includes(mark), `src/${file} mentions ${mark}`);
      }
    }
  });
});
