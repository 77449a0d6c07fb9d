import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeExtractively } from '../../src/extractive/summarize.ts';
import { inspectSession } from '../../src/inspect/inspect.ts';
import { claudeCodeContextKind } from '../../src/session/importers/claude-code-context.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, isPrompt, type Message } from '../../src/session/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { samplePath } from './samples.ts';

/** `kind` for context, `prompt` for what the user wrote, in order. */
const userKinds = (messages: readonly Message[]) =>
  messages.flatMap((message) => (message.role === 'user' ? [message.context ?? 'prompt'] : []));

async function extractiveSummary(messages: readonly Message[]): Promise<string> {
  const conversation = renderMessages(messages, { toolResultChars: 2000 });
  const prompt = `<conversation>\n${conversation}\n</conversation>\n\nSummarize the conversation above.`;
  return summarizeExtractively({ system: '', prompt, maxTokens: 600 }, await getTokenizer('o200k_base')).text;
}

describe('injected context is not a prompt', () => {
  describe('Codex', () => {
    const file = samplePath('codex-injected-context.jsonl');

    it('flags <user_instructions>, <environment_context> and <turn_aborted> as context of their kind', async () => {
      const session = await loadSession(file);
      assert.deepEqual(userKinds(session.messages), [
        'instructions',
        'environment',
        'prompt',
        'notification',
        'prompt',
      ]);
      assert.deepEqual(
        session.messages.filter(isPrompt).map((message) => contentText(message.content)),
        ['Make the monthly report round totals to two decimals.', 'Also show the currency symbol.'],
      );
    });

    it('renders context with its own tag, and the summary takes the user prompt as the goal', async () => {
      const session = await loadSession(file);
      const rendered = renderMessages(session.messages, { toolResultChars: 2000 });
      assert.match(rendered, /^\[Context: instructions\]: <user_instructions>/);
      assert.match(rendered, /\n\n\[Context: environment\]: <environment_context>/);
      assert.match(rendered, /\n\n\[User\]: Make the monthly report round totals to two decimals\./);
      const summary = await extractiveSummary(session.messages);
      assert.match(summary, /## Goal\n- Make the monthly report round totals to two decimals\./);
      assert.doesNotMatch(summary, /AGENTS\.md|user_instructions|environment_context|turn_aborted/);
    });
  });

  describe('Claude Code', () => {
    const file = samplePath('claude-code-context.jsonl');

    it('flags isMeta lines (skill body, hook feedback), task notifications and local-command output', async () => {
      const session = await loadSession(file);
      assert.deepEqual(userKinds(session.messages), [
        'prompt',
        'skill',
        'notification',
        'hook',
        'prompt',
        'command-output',
        'prompt',
      ]);
      // What the user typed is imported as before: `/cost` and the plain prompts.
      assert.deepEqual(
        session.messages.filter(isPrompt).map((message) => contentText(message.content)),
        ['Find out why the nightly export is slow and fix it.', '/cost', 'Commit it with a short message.'],
      );
    });

    it('counts context apart in inspect', async () => {
      const result = await inspectSession(file, {
        tokenizer: 'heuristic',
        sliceTokens: 20000,
        overlapTokens: 2000,
      });
      assert.deepEqual(result.messagesByRole, { user: 3, context: 4, assistant: 5, toolResult: 2 });
      assert.deepEqual(result.contextByKind, { skill: 1, notification: 1, hook: 1, 'command-output': 1 });
    });

    it('keeps the notification and the skill out of the goal', async () => {
      const summary = await extractiveSummary((await loadSession(file)).messages);
      assert.match(summary, /## Goal\n- Find out why the nightly export is slow and fix it\./);
      assert.doesNotMatch(summary, /task-notification|Base directory|Stop hook|Total cost/);
    });

    it('keeps a prompt with a reminder attached a prompt', async () => {
      assert.equal(
        claudeCodeContextKind(['Fix it.', '<system-reminder>Todo list is empty</system-reminder>'], false),
        undefined,
      );
      assert.equal(
        claudeCodeContextKind(['<system-reminder>Todo list is empty</system-reminder>'], false),
        'meta',
      );
      assert.equal(claudeCodeContextKind(['Anything at all'], true), 'meta');
    });
  });

  describe('pi', () => {
    it('flags extension messages and the summary of a branch left behind', async () => {
      const session = await loadSession(samplePath('pi-v3-branches.jsonl'));
      assert.deepEqual(userKinds(session.messages), ['prompt', 'branch-summary', 'prompt', 'extension']);
    });
  });
});
