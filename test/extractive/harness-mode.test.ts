import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { harnessModeLine } from '../../src/extractive/harness-mode.ts';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import type { Provider } from '../../src/providers/types.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { context, user } from '../helpers/factories.ts';

const environment = (sandbox: string, approval: string) =>
  context(
    'environment',
    `<environment_context>\n  <cwd>/work/app</cwd>\n  <approval_policy>${approval}</approval_policy>\n  <sandbox_mode>${sandbox}</sandbox_mode>\n  <network_access>restricted</network_access>\n</environment_context>`,
  );

let provider: Provider;
before(async () => {
  provider = createExtractiveProvider({ tokenizer: await getTokenizer('o200k_base') });
});

describe("the harness's mode (Codex's environment context)", () => {
  it('is read as one line; a context without a mode gives none', () => {
    assert.equal(
      harnessModeLine(
        '<environment_context><sandbox_mode>read-only</sandbox_mode><approval_policy>on-request</approval_policy><network_access>restricted</network_access></environment_context>',
      ),
      'Sandbox mode read-only; approval policy on-request; network access restricted.',
    );
    assert.equal(
      harnessModeLine('<environment_context><cwd>/work/app</cwd></environment_context>'),
      undefined,
    );
  });

  it('is a constraint of the extractive summary, the latest mode only', async () => {
    const prompt = `<conversation>\n${renderMessages(
      [
        environment('read-only', 'on-request'),
        user('Review the billing module and tell me what it does.'),
        environment('danger-full-access', 'never'),
        user('Now fix the rounding of the invoice totals.'),
      ],
      { toolResultChars: 2000 },
    )}\n</conversation>\n\nSummarize the conversation above.`;
    const { text } = await provider.complete({ system: 'Compress the session.', prompt, maxTokens: 2000 });
    assert.match(
      text,
      /^- Sandbox mode danger-full-access; approval policy never; network access restricted\.$/m,
      text,
    );
    assert.doesNotMatch(text, /read-only/, text);
  });
});
