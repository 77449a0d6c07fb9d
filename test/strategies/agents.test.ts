import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { criticalPath } from '../../src/providers/calls.ts';
import type { Message } from '../../src/session/types.ts';
import { contentText } from '../../src/session/types.ts';
import { ProviderError } from '../../src/errors.ts';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import { loadSession } from '../../src/session/load.ts';
import { claudeCode, extractSummary } from '../../src/strategies/claude-code.ts';
import { codex, recentUserMessages } from '../../src/strategies/codex.ts';
import { opencode, recentBudget, selectTail } from '../../src/strategies/opencode.ts';
import { pi } from '../../src/strategies/pi.ts';
import { CORE_PROMPTS } from '../../src/strategies/prompts.ts';
import { findCutPoint } from '../../src/session/cut-points.ts';
import { countMessages, getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { samplePath } from '../session/samples.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});
const tokensOf = (messages: readonly Message[]) =>
  countMessages(tokenizer, messages).reduce((sum, tokens) => sum + tokens, 0);

/** Turns of tool work; turn t's outputs mention `marker-t-c`, so a test can see which messages a request holds. */
function agentSession(options: { turns?: number; callsPerTurn?: number; outputWords?: number } = {}) {
  const { turns = 4, callsPerTurn = 3, outputWords = 150 } = options;
  const messages: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push(user(`Request ${turn}: keep the ledger totals exact. Do not add dependencies.`));
    for (let call = 0; call < callsPerTurn; call++) {
      const tool = call === 0 ? 'edit' : 'read';
      messages.push(
        ...toolExchange(
          tool,
          { path: `src/turn-${turn}/file-${call}.ts` },
          `marker-${turn}-${call} ${'ledger '.repeat(outputWords)}`,
        ),
      );
    }
    messages.push(assistant(`Turn ${turn} is done.`));
  }
  return session(messages);
}

/** The index of the message whose suffix first reaches `tokens`, as pi walks back. */
function tailTokens(messages: readonly Message[], from: number) {
  return tokensOf(messages.slice(from));
}

describe('pi', () => {
  it('never cuts at a tool result, and keeps about --keep-recent-tokens', () => {
    const { messages } = agentSession();
    const counts = countMessages(tokenizer, messages);
    for (let keep = 1; keep < tokensOf(messages) + 200; keep += 23) {
      const cut = findCutPoint(messages, counts, keep);
      if (cut.firstKept < messages.length)
        assert.notEqual(messages[cut.firstKept]!.role, 'toolResult', `keep ${keep}`);
      if (cut.firstKept > 0) {
        // The tail from the previous message on would be at least as large as asked: the cut is as late as allowed.
        assert.ok(
          tailTokens(messages, cut.firstKept - 1) >= keep ||
            messages[cut.firstKept - 1]!.role === 'toolResult',
        );
      }
      const split = cut.turnStart !== undefined;
      assert.equal(
        split,
        messages[cut.firstKept]?.role === 'assistant' &&
          messages.slice(0, cut.firstKept).some((message) => message.role === 'user'),
      );
    }
  });

  it('summarizes the split turn’s early part in a second, concurrent call, and appends it', async () => {
    const input = agentSession();
    const counts = countMessages(tokenizer, input.messages);
    // A budget that lands inside the last turn (messages 24–31), at its second tool call.
    const keep = tailTokens(input.messages, 27);
    const cut = findCutPoint(input.messages, counts, keep);
    assert.deepEqual(cut, { firstKept: 27, turnStart: 24 }, 'the cut splits the last turn');
    const provider = fakeProvider({ delayMs: 20 });
    const { output, trace } = await runStrategy(pi, input, provider, { keepRecentTokens: keep });
    assert.deepEqual(
      trace.map((call) => call.label),
      ['history', 'turn prefix'],
    );
    assert.equal(criticalPath(trace).calls, 1, 'both calls run at once');
    const [history, prefix] = provider.requests;
    assert.equal(history!.maxTokens, Math.floor(0.8 * 16384));
    assert.equal(prefix!.maxTokens, Math.floor(0.5 * 16384));
    assert.match(history!.prompt, /marker-2-2/);
    assert.doesNotMatch(history!.prompt, /marker-3-0/, 'the split turn is not in the history call');
    assert.match(history!.prompt, /## Goal[\s\S]*## Critical Context/);
    assert.match(prefix!.prompt, /Request 3[\s\S]*marker-3-0/);
    assert.doesNotMatch(prefix!.prompt, /marker-2-2|marker-3-1|Turn 3 is done/);
    assert.match(prefix!.prompt, /## Original Request[\s\S]*## Early Progress/);
    assert.match(output.summary, /^summary #1\n\n---\n\n\*\*Turn context \(split turn\):\*\*\n\nsummary #2/);
    assert.deepEqual(output.kept, input.messages.slice(cut.firstKept));
    assert.deepEqual(output.keptRanges, [{ start: cut.firstKept, end: input.messages.length }]);
    assert.match(
      output.summary,
      /<modified-files>\nsrc\/turn-0\/file-0\.ts\nsrc\/turn-1\/file-0\.ts\nsrc\/turn-2\/file-0\.ts\nsrc\/turn-3\/file-0\.ts\n<\/modified-files>/,
    );
  });

  it('makes one call when the cut falls on a user message', async () => {
    const input = agentSession();
    const provider = fakeProvider();
    const { output, trace } = await runStrategy(pi, input, provider, {
      keepRecentTokens: tailTokens(input.messages, 16),
    });
    assert.deepEqual(
      trace.map((call) => call.label),
      ['history'],
    );
    assert.equal(output.kept?.[0], input.messages[16]);
    assert.equal(output.kept?.[0]?.role, 'user');
  });

  it('updates the summary the transcript already records, from where that summary stops', async () => {
    const input = agentSession();
    input.compactions = [{ summary: 'EARLIER SUMMARY', messageIndex: 11, firstKeptMessageIndex: 6 }];
    const provider = fakeProvider();
    const { trace } = await runStrategy(pi, input, provider, {
      keepRecentTokens: tailTokens(input.messages, 16),
    });
    assert.deepEqual(
      trace.map((call) => call.label),
      ['history update'],
    );
    const request = provider.requests[0]!.prompt;
    assert.match(request, /<\/conversation>\n\n<previous-summary>\nEARLIER SUMMARY\n<\/previous-summary>/);
    assert.doesNotMatch(request, /marker-0-1/, 'what the recorded summary covers is not summarized again');
    assert.match(
      request,
      /marker-0-2[\s\S]*marker-1-0/,
      'messages the agent kept verbatim then are summarized now',
    );
    assert.match(request, /Update the previous summary/);
  });

  it('keeps everything and calls nothing when the transcript fits', async () => {
    const input = agentSession({ turns: 1 });
    const { output, trace } = await runStrategy(pi, input, fakeProvider());
    assert.equal(trace.length, 0);
    assert.equal(output.kept?.length, input.messages.length);
  });
});

describe('claude-code', () => {
  it('makes one call asking for an analysis scratchpad and the nine long-form sections', async () => {
    const provider = fakeProvider();
    const { trace } = await runStrategy(claudeCode, agentSession(), provider);
    assert.equal(trace.length, 1);
    const { prompt, maxTokens } = provider.requests[0]!;
    assert.equal(maxTokens, Math.floor(0.8 * 16384));
    assert.match(prompt, /^<conversation>\n\[User\]: Request 0/);
    assert.match(prompt, /<analysis> tags[\s\S]*<summary> tags/);
    const sections = [...prompt.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(sections, [
      'Primary Request and Intent',
      'Key Technical Concepts',
      'Files and Code Sections',
      'Errors and Fixes',
      'Problem Solving',
      'All User Messages',
      'Pending Tasks',
      'Current Work',
      'Optional Next Step',
    ]);
    assert.match(prompt, /quote that request verbatim/);
  });

  it('strips the analysis and keeps the summary', async () => {
    const answer =
      '<analysis>\nThe user wants exact totals.\n</analysis>\n\n<summary>\n## Primary Request and Intent\nExact totals.\n</summary>';
    const { output } = await runStrategy(claudeCode, agentSession(), fakeProvider({ answer: () => answer }));
    assert.equal(output.summary, '## Primary Request and Intent\nExact totals.');
    assert.match(output.notes![0]!, /dropped 30 characters of <analysis>/);
  });

  it('copes with a model that leaves out the tags or stops inside them', () => {
    assert.deepEqual(extractSummary('## Current Work\nledger'), {
      summary: '## Current Work\nledger',
      analysisCharacters: 0,
      shape: 'untagged',
    });
    assert.equal(
      extractSummary('<analysis>notes</analysis>\n## Current Work\nledger').summary,
      '## Current Work\nledger',
    );
    assert.equal(
      extractSummary('<analysis>a</analysis><summary>\n## Pending Tasks\n- tests').summary,
      '## Pending Tasks\n- tests',
    );
    assert.deepEqual(extractSummary('<analysis>only notes, cut off'), {
      summary: '',
      analysisCharacters: 19,
      shape: 'analysis-only',
    });
    assert.equal(
      extractSummary('<analysis>mentions <summary> in passing</analysis><summary>real</summary>').summary,
      'real',
    );
  });
});

describe('claude-code: which <summary> is the summary', () => {
  const notification =
    '<task-notification>\n<task-id>a7</task-id>\n<summary>Agent "Profile export" completed</summary>\n</task-notification>';

  it('takes the summary after the analysis, not one quoted in the analysis or inside the summary', () => {
    const answer = [
      '<analysis>',
      'The user got this notification:',
      notification,
      '</analysis>',
      '<summary>',
      '## Primary Request and Intent',
      'Speed up the nightly export.',
      '## All User Messages',
      notification,
      '</summary>',
    ].join('\n');
    const extracted = extractSummary(answer);
    assert.equal(extracted.shape, 'tagged');
    assert.match(extracted.summary, /^## Primary Request and Intent\nSpeed up the nightly export\./);
    assert.match(
      extracted.summary,
      /<summary>Agent "Profile export" completed<\/summary>\n<\/task-notification>$/,
    );
  });

  it('never takes a one-line quoted <summary> for the summary', () => {
    const untagged = `## Primary Request and Intent\nSpeed up the export.\n\n## All User Messages\n${notification}`;
    assert.deepEqual(extractSummary(untagged), {
      summary: untagged,
      analysisCharacters: 0,
      shape: 'untagged',
    });
    const quotedAfter = `<analysis>x</analysis>\n<summary>\n## Current Work\nexport.py\n</summary>\n${notification}`;
    assert.equal(extractSummary(quotedAfter).summary, '## Current Work\nexport.py');
  });

  it('ignores tags inside fenced code', () => {
    const answer = '<analysis>a</analysis>\n<summary>\n## Files\n```\n</summary>\n```\nexport.py\n</summary>';
    assert.equal(extractSummary(answer).summary, '## Files\n```\n</summary>\n```\nexport.py');
  });

  it('fails the run, with a clear error, when the answer holds no usable summary', async () => {
    for (const [answer, reason] of [
      ['<analysis>the user wants…', /holds only an <analysis> block/],
      ['<analysis>notes</analysis>\n<summary>\n</summary>', /is empty, or its <summary> block is/],
      ['   ', /is empty/],
    ] as const) {
      await assert.rejects(
        runStrategy(claudeCode, agentSession(), fakeProvider({ answer: () => answer })),
        (error: Error) => {
          assert.ok(error instanceof ProviderError);
          assert.match(error.message, /^claude-code: the answer holds no usable summary: /);
          assert.match(error.message, reason);
          return true;
        },
      );
    }
  });

  it('on a transcript with a task notification, with the offline provider, summarizes the work', async () => {
    const session = await loadSession(samplePath('claude-code-context.jsonl'));
    const tokenizer = await getTokenizer('o200k_base');
    const { output } = await runStrategy(claudeCode, session, createExtractiveProvider({ tokenizer }));
    assert.match(output.summary, /Find out why the nightly export is slow and fix it\./);
    assert.doesNotMatch(output.summary, /^Agent "Profile export" completed$/);
    assert.ok(tokenizer.count(output.summary) > 40);
  });
});

describe('codex', () => {
  it('keeps only user messages, newest first, up to --keep-recent-tokens, cutting the oldest one kept', async () => {
    const input = agentSession();
    const users = input.messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
    const userTokens = tokenizer.countMessage(input.messages[users[0]!]!);
    const { output, trace } = await runStrategy(codex, input, fakeProvider(), {
      keepRecentTokens: 2 * userTokens + 5,
    });
    assert.equal(trace.length, 1);
    const kept = output.kept!;
    assert.ok(
      kept.every((message) => message.role === 'user'),
      'assistant messages and tool calls are dropped',
    );
    assert.equal(kept.length, 3);
    assert.equal(kept[1], input.messages[users.at(-2)!]);
    assert.equal(kept[2], input.messages[users.at(-1)!]);
    assert.match(
      contentText(kept[0]!.role === 'user' ? kept[0]!.content : ''),
      /more characters truncated: the oldest kept user message is cut to fit/,
    );
    assert.deepEqual(
      output.keptRanges,
      [users.at(-3)!, users.at(-2)!, users.at(-1)!].map((index) => ({ start: index, end: index + 1 })),
    );
    assert.ok(
      tokensOf(kept) <= 2 * userTokens + 5 + 30,
      'within the budget, give or take the truncation marker',
    );
  });

  it('puts the summary under the handoff preamble, after one checkpoint call', async () => {
    const provider = fakeProvider();
    const { output } = await runStrategy(codex, agentSession(), provider);
    assert.match(provider.requests[0]!.prompt, /Write a checkpoint summary of the conversation above/);
    assert.equal(output.summary, `${CORE_PROMPTS['codex-handoff']}\nsummary #1`);
    assert.equal(output.kept?.length, 4, 'all four user messages fit 20000 tokens');
    const empty = await runStrategy(codex, agentSession(), fakeProvider({ answer: () => '  ' }));
    assert.equal(empty.output.summary, `${CORE_PROMPTS['codex-handoff']}\n(no summary available)`);
  });

  it('drops the oldest messages until the checkpoint call fits the context window', async () => {
    const input = agentSession({ turns: 6 });
    const window = Math.round(tokensOf(input.messages) / 2);
    const provider = fakeProvider();
    const { output, trace } = await runStrategy(codex, input, provider, {}, { contextWindow: window });
    assert.equal(trace.length, 1);
    assert.equal(trace[0]!.error, null);
    assert.doesNotMatch(provider.requests[0]!.prompt, /marker-0-0/);
    assert.match(provider.requests[0]!.prompt, /marker-5-2/);
    assert.match(output.notes!.at(-1)!, /^Trimmed the \d+ oldest messages/);
  });

  it('selects user messages as Codex does', () => {
    const messages = [user('a '.repeat(50)), assistant('x'), user('b '.repeat(50)), user('c')];
    const all = recentUserMessages(messages, 10_000, tokenizer);
    assert.deepEqual(
      all.map((entry) => entry.index),
      [0, 2, 3],
    );
    assert.deepEqual(recentUserMessages(messages, 0, tokenizer), []);
  });
});

describe('opencode', () => {
  it('keeps 25% of the usable window as the tail, clamped to 2K–15K tokens', () => {
    assert.equal(recentBudget(undefined, 16384), 15000);
    assert.equal(recentBudget(200_000, 16384), 15000);
    assert.equal(recentBudget(64_000, 16384), Math.floor((64_000 - 2 * 16384) * 0.25));
    assert.equal(recentBudget(8_000, 4096), 2000);
  });

  it('keeps whole recent turns, then the part of the next turn that fits', () => {
    const { messages } = agentSession();
    const counts = countMessages(tokenizer, messages);
    const turn = (index: number) =>
      tailTokens(messages.slice(0, index === 3 ? messages.length : 8 * (index + 1)), 8 * index);
    assert.equal(selectTail(messages, counts, turn(3)), 24, 'exactly the last turn');
    const extra = tailTokens(messages.slice(0, 24), 21);
    const start = selectTail(messages, counts, turn(3) + extra);
    assert.equal(start, 21, 'the end of the turn before, starting at an assistant message');
    assert.equal(selectTail(messages, counts, 1), undefined, 'nothing fits: summarize everything');
    assert.equal(selectTail(messages, counts, 1_000_000), undefined, 'everything fits: summarize everything');
  });

  it('summarizes the head into the anchored sections with tool outputs cut at 2000 characters', async () => {
    const input = agentSession({ outputWords: 600 });
    const provider = fakeProvider();
    const { output, trace } = await runStrategy(
      opencode,
      input,
      provider,
      { toolResultChars: 100_000 },
      { contextWindow: 40_000 },
    );
    assert.equal(trace.length, 1);
    const request = provider.requests[0]!;
    assert.equal(request.maxTokens, 4096);
    const sections = [...request.prompt.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(sections, [
      'Objective',
      'Important Details',
      'Work State',
      'Completed',
      'Active',
      'Blocked',
      'Next Move',
      'Relevant Files',
    ]);
    assert.match(request.prompt, /\[\.\.\. \d+ more characters truncated\]/);
    const budget = recentBudget(40_000, 16384);
    assert.equal(budget, 2000);
    const kept = output.kept!;
    assert.ok(kept.length > 0 && tokensOf(kept) <= budget);
    assert.notEqual(kept[0]!.role, 'toolResult');
    assert.doesNotMatch(request.prompt, /Turn 3 is done/, 'the kept tail is not summarized');
  });
});
