import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { requestKey } from '../../src/providers/stored-answer.ts';
import { promptHash } from '../../src/strategies/context.ts';
import { parsePromptFiles } from '../../src/strategies/prompt-overrides.ts';
import {
  CORE_PROMPTS,
  conversationBlock,
  fillPlaceholders,
  previousSummaryBlock,
  promptCatalog,
} from '../../src/strategies/prompts.ts';
import { summaryRequest } from '../../src/strategies/summary-call.ts';
import { registeredPrompts, STRATEGIES } from '../../src/strategies/registry.ts';
import { singleShot } from '../../src/strategies/single-shot.ts';
import type { PromptOverride, Strategy, StrategyContext } from '../../src/strategies/types.ts';
import { workSession } from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

/** Eight steps, each a request, a read and "Step n done.". */
function ledgerSession() {
  return workSession(8, (step) => ({
    request: `Step ${step}: reconcile the ledger.`,
    tool: 'read',
    path: `src/step-${step}.ts`,
    output: 'ledger '.repeat(150),
  }));
}

const files: Record<string, string> = {
  'short.md': 'Summarize the conversation above in three bullet points.',
  'other.md': 'Summarize the conversation above as one paragraph.',
  'slice.md': 'Slice {{number}} of {{count}}: at most {{budget}} tokens.',
  'empty.md': '  \n',
};
const read = (file: string) => {
  if (!(file in files)) throw new Error(`ENOENT: no such file or directory, open '${file}'`);
  return files[file]!;
};
const overridesFor = (...specs: string[]): Record<string, PromptOverride> => parsePromptFiles(specs, read);

describe('prompt overrides', () => {
  it('S=FILE replaces every main prompt of S; S.PROMPT=FILE one prompt, and wins', () => {
    const overrides = overridesFor(
      'structured-iterative=short.md',
      'structured-iterative.structured-update=other.md',
    );
    assert.deepEqual(Object.keys(overrides).sort(), [
      'structured-iterative.structured-initial',
      'structured-iterative.structured-update',
    ]);
    assert.equal(overrides['structured-iterative.structured-initial']!.text, files['short.md']);
    assert.equal(overrides['structured-iterative.structured-update']!.file, 'other.md');
    assert.deepEqual(
      Object.keys(overridesFor('parallel-stitch.stitch=short.md', 'codex+recent.system=other.md')),
      ['parallel-stitch.stitch', 'codex.system'],
    );
  });

  it('rejects an unknown strategy or prompt, a strategy without prompts, and an unreadable or empty file, naming the flag', () => {
    const cases: Array<[string, RegExp]> = [
      [
        'nope=short.md',
        /^--prompt-file nope=short\.md: unknown strategy 'nope'; strategies with prompts: single-shot, /,
      ],
      [
        'pi.checkpoint=short.md',
        /^--prompt-file pi\.checkpoint=short\.md: strategy 'pi' has no prompt 'checkpoint'; its prompts: pi-history, /,
      ],
      [
        'identity=short.md',
        /^--prompt-file identity=short\.md: strategy 'identity' calls no model and has no prompt/,
      ],
      ['codex=missing.md', /^--prompt-file codex=missing\.md: cannot read missing\.md: ENOENT/],
      ['codex=empty.md', /^--prompt-file codex=empty\.md: empty\.md is empty/],
      ['codex', /^--prompt-file expects STRATEGY=FILE or STRATEGY\.PROMPT=FILE, got 'codex'/],
      ['=short.md', /^--prompt-file expects/],
    ];
    for (const [spec, message] of cases) {
      assert.throws(
        () => overridesFor(spec),
        (error: Error) => error instanceof InputError && message.test(error.message),
        spec,
      );
    }
  });

  it('wraps the override in the same blocks: the conversation before it, the focus after it', async () => {
    const provider = fakeProvider();
    const { prompts } = await runStrategy(singleShot, ledgerSession(), provider, {
      promptOverrides: overridesFor('single-shot=short.md'),
      instructions: 'the ledger',
    });
    const { prompt } = provider.requests[0]!;
    assert.match(
      prompt,
      /^<conversation>\n\[User\]: Step 0[\s\S]*<\/conversation>\n\nSummarize the conversation above in three bullet points\.\n\n<instructions>\nFocus: the ledger\n<\/instructions>$/,
    );
    assert.doesNotMatch(prompt, /checkpoint summary/);
    assert.deepEqual(prompts, [
      { name: 'checkpoint', sha256: promptHash(files['short.md']!), file: 'short.md' },
      { name: 'system', sha256: promptHash(CORE_PROMPTS.system), file: null },
    ]);
  });

  it('fills the placeholders of an override too', async () => {
    const provider = fakeProvider();
    await runStrategy(STRATEGIES['parallel-stitch'], ledgerSession(), provider, {
      sliceTokens: 600,
      overlapTokens: 0,
      promptOverrides: overridesFor('parallel-stitch=slice.md'),
    });
    assert.match(provider.requests[0]!.prompt, /<\/conversation>\n\nSlice 1 of \d+: at most \d+ tokens\.$/);
    assert.match(
      provider.requests.at(-1)!.prompt,
      /These are summaries of consecutive slices/,
      'the stitch prompt is not main',
    );
  });

  it('changes the request, and so the cache key, when the prompt file changes', async () => {
    const keys = [];
    for (const file of ['short.md', 'other.md']) {
      const provider = fakeProvider();
      await runStrategy(singleShot, ledgerSession(), provider, {
        promptOverrides: overridesFor(`single-shot=${file}`),
      });
      keys.push(requestKey({ id: 'openai', model: 'gpt-4.1-mini' }, provider.requests[0]!));
    }
    const provider = fakeProvider();
    await runStrategy(singleShot, ledgerSession(), provider);
    keys.push(requestKey({ id: 'openai', model: 'gpt-4.1-mini' }, provider.requests[0]!));
    assert.equal(new Set(keys).size, 3);
  });

  it('every model-calling strategy adds the --instructions focus to every call and records its prompts', async () => {
    const modelStrategies = Object.values(STRATEGIES as Record<string, Strategy>).filter(
      (strategy) => strategy.callsModel,
    );
    // Whatever the registry holds: every strategy that declares prompts calls a model, and is among these.
    const withPrompts = Object.values(STRATEGIES as Record<string, Strategy>).filter(
      (strategy) => strategy.prompts,
    );
    assert.ok(withPrompts.length > 0 && withPrompts.every((strategy) => modelStrategies.includes(strategy)));
    for (const strategy of modelStrategies) {
      const provider = fakeProvider();
      const { prompts } = await runStrategy(strategy, ledgerSession(), provider, {
        sliceTokens: 800,
        overlapTokens: 0,
        keepRecentTokens: 500,
        instructions: 'the ledger totals',
      });
      assert.ok(provider.requests.length > 0, strategy.name);
      for (const request of provider.requests) {
        assert.match(
          request.prompt,
          /\n\n<instructions>\nFocus: the ledger totals\n<\/instructions>$/,
          strategy.name,
        );
        assert.doesNotMatch(request.prompt, /\{\{\w+\}\}/, `${strategy.name}: every placeholder is filled`);
      }
      const declared = [...(strategy.prompts?.main ?? []), ...(strategy.prompts?.others ?? []), 'system'];
      assert.ok(prompts.length > 0 && prompts.every((use) => declared.includes(use.name)), strategy.name);
      for (const use of prompts) assert.match(use.sha256, /^[0-9a-f]{12}$/);
    }
  });

  it('no instruction text spells a block tag, so a request parser cannot mistake it for a block', () => {
    for (const [name, text] of Object.entries(registeredPrompts())) {
      assert.doesNotMatch(text, /<\/?(conversation|previous-summary|summaries|instructions)>/, name);
    }
    assert.equal(fillPlaceholders('{{a}} {{b}}', { a: 1 }), '1 {{b}}');
  });

  it('a prompt name declared twice, or used and declared by no one, is an error naming the strategy', () => {
    const bringing = (name: string, templates: Record<string, string>, main = Object.keys(templates)) =>
      ({ ...singleShot, name, prompts: { main, templates } }) as Strategy;
    assert.throws(
      () => promptCatalog([bringing('mine', { checkpoint: 'Summarize.' })]),
      /^Error: strategy 'mine' declares prompt 'checkpoint', which the core prompts already has$/,
    );
    assert.throws(
      () => promptCatalog([bringing('a', { brief: 'One line.' }), bringing('b', { brief: 'Two lines.' })]),
      /^Error: strategy 'b' declares prompt 'brief', which strategy 'a' already has$/,
    );
    assert.throws(
      () => promptCatalog([bringing('c', {}, ['brief'])]),
      /^Error: strategy 'c' uses prompt 'brief', which no one declares$/,
    );
    const catalog = promptCatalog([
      ...(Object.values(STRATEGIES) as Strategy[]),
      bringing('d', { brief: 'One line.' }),
    ]);
    assert.equal(catalog.brief, 'One line.');
    for (const [name, text] of Object.entries(CORE_PROMPTS)) assert.equal(catalog[name], text, name);
  });
});

describe('summary requests', () => {
  const context = (instructions?: string) =>
    ({
      prompt: (_owner: string, name: string) => (name === 'system' ? 'system' : 'Summarize {{what}}.'),
      config: { instructions },
    }) as unknown as StrategyContext;
  const request = (blocks: string[], instructions?: string) =>
    summaryRequest(context(instructions), {
      label: 'compact',
      owner: 'single-shot',
      prompt: 'main',
      values: { what: 'it' },
      blocks,
      maxTokens: 100,
    });

  it('marks the leading conversation blocks and the blank line after them as the stable prefix', () => {
    const first = conversationBlock('[User]: first');
    const second = conversationBlock('[User]: second');
    const blocks = [first, second, previousSummaryBlock('earlier'), conversationBlock('[User]: third')];
    for (const instructions of [undefined, 'the ledger']) {
      const sent = request(blocks, instructions);
      const prefix = `${first}\n\n${second}\n\n`;
      assert.ok(sent.prompt.startsWith(prefix));
      assert.equal(sent.stablePrefixLength, prefix.length);
      assert.equal(sent.prompt.includes('Summarize it.'), true);
    }
    assert.equal(request([previousSummaryBlock('earlier'), first]).stablePrefixLength, undefined);
    assert.equal(request([]).stablePrefixLength, undefined);
    assert.equal(request([first]).stablePrefixLength, first.length + 2);
  });
});
