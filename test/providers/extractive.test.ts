import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import type { Provider } from '../../src/providers/types.ts';
import type { Message } from '../../src/session/types.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';
import { cpuTime } from '../helpers/cpu-time.ts';

let tokenizer: Tokenizer;
let provider: Provider;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
  provider = createExtractiveProvider({ tokenizer });
});
const SYSTEM = 'You compress the history of a coding-agent session.';

const STRUCTURED_FORMAT = `## Goal
[What the user is trying to achieve]

## Constraints & Preferences
- [Requirements and preferences the user stated]

## Progress
### Done
- [x] [Completed work, with file paths]

### In Progress
- [ ] [Work under way]

### Blocked
- [Open problems, with exact error messages]

## Key Decisions
- **[Decision]**: [its reason]

## Next Steps
1. [What should happen next, in order]

## Critical Context
- [Identifiers, commands, values and data needed to continue]`;

const HEADINGS = [
  '## Goal',
  '## Constraints & Preferences',
  '## Progress',
  '### Done',
  '### In Progress',
  '### Blocked',
  '## Key Decisions',
  '## Next Steps',
  '## Critical Context',
];

/** A short session: a task with a constraint, a read, a decision, an edit, a failing and a passing test run. */
function retrySession(): Message[] {
  const read = toolCall('read', { path: '/work/project/src/http.ts' });
  const edit = toolCall('edit', { path: '/work/project/src/http.ts', oldText: 'a', newText: 'b' });
  const failingRun = toolCall('bash', { command: 'npm test' });
  const passingRun = toolCall('bash', { command: 'npm test' });
  const typecheck = toolCall('bash', { command: 'npx tsc --noEmit' });
  return [
    user('Add a retry option to the HTTP client in src/http.ts. Do not add new dependencies.'),
    callsTools([read], 'Let me look at the client first.'),
    toolResult(read, 'export async function request(url: string) {\n  return fetch(url);\n}'),
    assistant(
      'I chose exponential backoff instead of a fixed delay because the API rate-limits bursts of retries.',
    ),
    callsTools([edit]),
    toolResult(edit, 'Successfully replaced text in /work/project/src/http.ts.'),
    callsTools([failingRun]),
    toolResult(
      failingRun,
      "src/http.ts(12,5): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.\nCommand exited with code 2",
      true,
    ),
    assistant('The retries option was passed as a string; I fixed the type in src/http.ts.'),
    callsTools([passingRun]),
    toolResult(passingRun, 'Tests: 12 passed, 12 total'),
    callsTools([typecheck]),
    toolResult(typecheck, "src/retry.ts(3,1): error TS2304: Cannot find name 'sleep'.", true),
    user('Now also log each retry attempt with its attempt number.'),
    assistant('Next I will add logging to the retry loop and fix the missing sleep import in src/retry.ts.'),
  ];
}

function conversationPrompt(messages: readonly Message[], instructions = ''): string {
  return `<conversation>\n${renderMessages(messages, { toolResultChars: 2000 })}\n</conversation>\n\n${instructions}`;
}

/** The lines under `heading`, up to the next heading of any level. */
function sectionBody(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `missing ${heading} in:\n${text}`);
  const end = lines.findIndex((line, index) => index > start && /^#{2,3} /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

async function summarize(prompt: string, maxTokens = 2000): Promise<string> {
  return (await provider.complete({ system: SYSTEM, prompt, maxTokens })).text;
}

describe('extractive provider', () => {
  it('says it is the offline non-LLM baseline and counts usage with the tokenizer', async () => {
    const prompt = conversationPrompt(retrySession());
    const completion = await provider.complete({ system: SYSTEM, prompt, maxTokens: 500 });
    assert.equal(provider.id, 'extractive');
    assert.equal(provider.model, 'extractive-v1');
    assert.equal(provider.isLanguageModel, false);
    assert.equal(completion.model, 'extractive-v1');
    assert.equal(completion.usageSource, 'tokenizer');
    assert.deepEqual(completion.usage, {
      input: tokenizer.count(SYSTEM) + tokenizer.count(prompt),
      output: tokenizer.count(completion.text),
    });
  });

  it('writes the prescribed sections in order and fills each from the conversation', async () => {
    const text = await summarize(
      conversationPrompt(retrySession(), `Use exactly this format:\n\n${STRUCTURED_FORMAT}`),
    );
    const positions = HEADINGS.map((heading) => text.split('\n').indexOf(heading));
    assert.ok(
      positions.every(
        (position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!),
      ),
      text,
    );
    assert.match(sectionBody(text, '## Goal'), /Add a retry option to the HTTP client in src\/http\.ts\./);
    assert.match(sectionBody(text, '## Constraints & Preferences'), /Do not add new dependencies\./);
    assert.match(sectionBody(text, '### Done'), /^- \[x\] `\/work\/project\/src\/http\.ts` — read, edited$/m);
    assert.match(
      sectionBody(text, '### Done'),
      /error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'\. → fixed/,
    );
    assert.match(
      sectionBody(text, '### Blocked'),
      /`npx tsc --noEmit`: .*error TS2304: Cannot find name 'sleep'\. \(unresolved\)/,
    );
    assert.match(sectionBody(text, '### In Progress'), /^- \[ \] /m);
    assert.match(
      sectionBody(text, '## Key Decisions'),
      /I chose exponential backoff instead of a fixed delay because the API rate-limits bursts of retries\./,
    );
    assert.match(
      sectionBody(text, '## Next Steps'),
      /^1\. Now also log each retry attempt with its attempt number\.$/m,
    );
    assert.match(sectionBody(text, '## Next Steps'), /^2\. Next I will add logging to the retry loop/m);
    assert.match(sectionBody(text, '## Critical Context'), /`npm test` \(ran 2×, last passed\)/);
  });

  it('writes its own compact sections when the prompt prescribes none, leaving out empty ones', async () => {
    const text = await summarize(conversationPrompt(retrySession(), 'Summarize the conversation above.'));
    const headings = text.split('\n').filter((line) => line.startsWith('## '));
    assert.deepEqual(headings, [
      '## Goal',
      '## Constraints',
      '## Errors',
      '## Key Decisions',
      '## Files',
      '## Latest Activity',
      '## Next Steps',
      '## Critical Context',
    ]);
    assert.match(sectionBody(text, '## Files'), /`\/work\/project\/src\/http\.ts` — read, edited/);
    assert.match(sectionBody(text, '## Files'), /`src\/retry\.ts` — mentioned/);
  });

  it('fills headings no rule knows by keyword, a catch-all with the rest, and marks empty ones (none)', async () => {
    const text = await summarize(
      conversationPrompt(
        retrySession(),
        'Answer with:\n\n## Summary\n\n## Testing\n\n## Deployment\n\n## Next Steps',
      ),
    );
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('#')),
      ['## Summary', '## Testing', '## Deployment', '## Next Steps'],
    );
    const summary = sectionBody(text, '## Summary');
    assert.match(summary, /Add a retry option to the HTTP client/);
    assert.match(summary, /Do not add new dependencies\./);
    assert.match(summary, /exponential backoff/);
    assert.match(sectionBody(text, '## Testing'), /`npm test` \(ran 2×, last passed\)/);
    assert.equal(sectionBody(text, '## Deployment').trim(), '(none)');
    assert.match(sectionBody(text, '## Next Steps'), /Now also log each retry attempt/);
  });

  it('never exceeds maxTokens, down to budgets smaller than the headings', async () => {
    const prompts = [
      conversationPrompt(retrySession(), STRUCTURED_FORMAT),
      conversationPrompt(retrySession(), 'Summarize.'),
    ];
    for (const prompt of prompts) {
      for (const maxTokens of [0, 1, 5, 20, 45, 80, 150, 400]) {
        const completion = await provider.complete({ system: SYSTEM, prompt, maxTokens });
        assert.ok(
          completion.usage.output <= maxTokens,
          `${completion.usage.output} > ${maxTokens}:\n${completion.text}`,
        );
        assert.equal(completion.usage.output, tokenizer.count(completion.text));
        if (maxTokens >= 20) assert.notEqual(completion.text, '', `empty at ${maxTokens}`);
      }
    }
  });

  it('keeps to the budget with a tokenizer that counts differently', async () => {
    const heuristic = await getTokenizer('heuristic');
    const estimating = createExtractiveProvider({ tokenizer: heuristic });
    for (const maxTokens of [7, 33, 120, 300]) {
      const completion = await estimating.complete({
        system: SYSTEM,
        prompt: conversationPrompt(retrySession(), STRUCTURED_FORMAT),
        maxTokens,
      });
      assert.ok(heuristic.count(completion.text) <= maxTokens);
    }
  });

  it('gives byte-identical output for identical input', async () => {
    const prompt = conversationPrompt(retrySession(), STRUCTURED_FORMAT);
    const first = await summarize(prompt, 300);
    const again = await summarize(prompt, 300);
    const fresh = await createExtractiveProvider({ tokenizer }).complete({
      system: SYSTEM,
      prompt,
      maxTokens: 300,
    });
    assert.equal(again, first);
    assert.equal(fresh.text, first);
  });

  it('keeps recent material over old when the budget is tight', async () => {
    const messages: Message[] = [user('Pick a storage engine for the event log and wire it up.')];
    for (const [index, engine] of ['sqlite', 'leveldb', 'rocksdb', 'lmdb', 'postgres'].entries()) {
      messages.push(
        assistant(
          `Decision ${index + 1}: going with ${engine} instead of the previous option because of benchmark run ${index + 1}.`,
        ),
        user(`Benchmark run ${index + 1} is done, the numbers are in.`),
      );
    }
    const text = await summarize(conversationPrompt(messages, 'Summarize.'), 90);
    assert.match(text, /going with postgres instead of the previous option/);
    assert.doesNotMatch(text, /going with sqlite/);
    assert.ok(tokenizer.count(text) <= 90);
  });

  it('merges earlier summaries into one, writing shared bullets once', async () => {
    const first = `## Goal
- Migrate the billing service to Postgres 16.

## Key Decisions
- Use logical replication instead of dump and restore because downtime must stay under a minute.

## Files
- \`src/db/config.ts\` — edited`;
    const second = `## Goal
- Migrate the billing service to Postgres 16.

## Key Decisions
- Use logical replication instead of dump and restore because downtime must stay under a minute.
- Keep the old primary read-only for 24 hours as a fallback.

## Errors
- \`npm run migrate\`: error: relation "invoices_v2" does not exist (unresolved)

## Files
- \`src/db/config.ts\` — read
- \`migrations/0042_replication.sql\` — written`;
    const prompt = `<summaries>\n<summary index="1">\n${first}\n</summary>\n<summary index="2">\n${second}\n</summary>\n</summaries>\n\nMerge them into one handoff summary.`;
    const text = await summarize(prompt);
    const occurrences = (needle: string) => text.split(needle).length - 1;
    assert.equal(occurrences('Migrate the billing service to Postgres 16.'), 1, text);
    assert.equal(occurrences('Use logical replication instead of dump and restore'), 1, text);
    assert.equal(occurrences('src/db/config.ts'), 1, text);
    assert.match(text, /`src\/db\/config\.ts` — edited, read/);
    assert.match(text, /Keep the old primary read-only for 24 hours as a fallback\./);
    assert.match(text, /error: relation "invoices_v2" does not exist/);
    assert.match(text, /`migrations\/0042_replication\.sql` — written/);
  });

  it('updates a previous summary: keeps its items and adds the new ones', async () => {
    const previous = `## Goal
- Add a retry option to the HTTP client in src/http.ts.

## Constraints & Preferences
- Do not add new dependencies.

## Progress
### Done
- \`/work/project/src/http.ts\` — read, edited

### In Progress
(none)

### Blocked
(none)

## Key Decisions
- I chose exponential backoff instead of a fixed delay because the API rate-limits bursts of retries.

## Next Steps
(none)

## Critical Context
- \`npm test\` (ran 2×, last passed)`;
    const write = toolCall('write', { path: '/work/project/src/retry-log.ts', content: 'export {}' });
    const messages = [
      user('Now also log each retry attempt, but never log request bodies.'),
      callsTools(
        [write],
        'I will put the logger in its own module rather than in http.ts so that it can be mocked.',
      ),
      toolResult(write, 'Successfully wrote 9 bytes to /work/project/src/retry-log.ts'),
    ];
    const prompt = `<previous-summary>\n${previous}\n</previous-summary>\n\n${conversationPrompt(messages)}\nUpdate the summary in the same format:\n\n${STRUCTURED_FORMAT}`;
    const text = await summarize(prompt);
    assert.match(sectionBody(text, '## Goal'), /Add a retry option to the HTTP client in src\/http\.ts\./);
    const constraints = sectionBody(text, '## Constraints & Preferences');
    assert.match(constraints, /Do not add new dependencies\./);
    assert.match(constraints, /never log request bodies/);
    assert.match(sectionBody(text, '### Done'), /`\/work\/project\/src\/http\.ts` — read, edited/);
    assert.match(sectionBody(text, '### Done'), /`\/work\/project\/src\/retry-log\.ts` — written/);
    const decisions = sectionBody(text, '## Key Decisions');
    assert.match(decisions, /exponential backoff instead of a fixed delay/);
    assert.match(decisions, /logger in its own module rather than in http\.ts/);
    assert.match(sectionBody(text, '## Critical Context'), /`npm test` \(ran 2×, last passed\)/);
  });

  it('does not repeat what earlier summaries given as context already say', async () => {
    const earlier = `## Goal
- Add a retry option to the HTTP client in src/http.ts. Do not add new dependencies.

## Files
- \`/work/project/src/http.ts\` — read, edited`;
    const prompt = `<summaries>\n<summary index="1">\n${earlier}\n</summary>\n</summaries>\n\nThe summaries above cover the earlier slices, for context only.\n\n${conversationPrompt(retrySession())}\n\nDo not repeat what the earlier summaries already say.`;
    const text = await summarize(prompt);
    assert.doesNotMatch(text, /Add a retry option/);
    assert.doesNotMatch(text, /src\/http\.ts` — read, edited/);
    assert.match(text, /exponential backoff/);
    assert.match(text, /error TS2304: Cannot find name 'sleep'/);
  });

  it('gives material matching the focus more weight', async () => {
    const messages = [
      user('Clean up the repository.'),
      assistant('I decided to delete the legacy exporter because nothing imports it any more.'),
      assistant('I decided to rename the config loader because its name collides with a builtin.'),
      assistant('I decided to move the fixtures folder because the test runner globs it twice.'),
    ];
    const plain = await summarize(conversationPrompt(messages, 'Summarize.'), 45);
    const focused = await summarize(
      conversationPrompt(messages, 'Summarize.\n\n<instructions>\nFocus: the exporter\n</instructions>'),
      45,
    );
    assert.doesNotMatch(plain, /legacy exporter/);
    assert.match(focused, /delete the legacy exporter/);
  });
});

/** A long synthetic session: `rounds` rounds of request, reads, an edit, a test run and a decision. */
function longSession(rounds: number): Message[] {
  const messages: Message[] = [
    user('Port the scheduler to the new queue API. Never change the public job IDs.'),
  ];
  for (let round = 0; round < rounds; round++) {
    const file = `/work/project/src/module-${round % 40}/worker-${round}.ts`;
    const read = toolCall('read', { path: file });
    const edit = toolCall('edit', {
      path: file,
      oldText: `const limit = ${round};`,
      newText: `const limit = ${round + 1};`,
    });
    const run = toolCall('bash', { command: `npx vitest run test/worker-${round % 25}.test.ts` });
    const failed = round % 7 === 3;
    messages.push(
      user(`Round ${round}: now handle the retry budget of worker ${round} and keep the logs quiet.`),
      callsTools([read], `Reading worker ${round} to see how it schedules jobs.`),
      toolResult(
        read,
        `export function worker${round}() {\n${'  schedule(job, { attempts: 3 });\n'.repeat(40)}}`,
      ),
      assistant(
        `I decided to move worker ${round} to the batch queue instead of the legacy one because batch ${round} showed 40% less latency.`,
      ),
      callsTools([edit]),
      toolResult(edit, `Successfully replaced text in ${file}.`),
      callsTools([run]),
      toolResult(
        run,
        failed
          ? `FAIL test/worker-${round % 25}.test.ts\nAssertionError: expected ${round} to be ${round + 1}\n${'    at Object.<anonymous> (test/worker.test.ts:10:5)\n'.repeat(20)}`
          : `✓ test/worker-${round % 25}.test.ts (12 tests) ${round}ms\n${'  ✓ schedules the job in order\n'.repeat(30)}`,
        failed,
      ),
    );
  }
  return messages;
}

describe('extractive provider on a long session', () => {
  it('summarizes a ~180K-token conversation within the budget, fast, keeping the task and the latest request', async () => {
    const prompt = conversationPrompt(longSession(230), STRUCTURED_FORMAT);
    const inputTokens = tokenizer.count(prompt);
    assert.ok(inputTokens > 150_000 && inputTokens < 220_000, `input ${inputTokens} tokens`);
    const { value: completion, milliseconds } = await cpuTime(() =>
      provider.complete({ system: SYSTEM, prompt, maxTokens: 13107 }),
    );
    // A guard against accidental quadratic work; this takes a few hundred ms.
    assert.ok(milliseconds < 3000, `${milliseconds.toFixed(0)} ms of CPU`);
    assert.ok(completion.usage.output <= 13107);
    assert.match(sectionBody(completion.text, '## Goal'), /Port the scheduler to the new queue API\./);
    assert.match(
      sectionBody(completion.text, '## Constraints & Preferences'),
      /Never change the public job IDs\./,
    );
    assert.match(
      sectionBody(completion.text, '## Next Steps'),
      /Round 229: now handle the retry budget of worker 229/,
    );
    assert.match(completion.text, /worker-229\.ts` — read, edited/);
  });
});
