import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { withShortListsJoined } from '../../src/extractive/user-list-items.ts';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import type { Provider } from '../../src/providers/types.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { user } from '../helpers/factories.ts';

let provider: Provider;
before(async () => {
  provider = createExtractiveProvider({ tokenizer: await getTokenizer('o200k_base') });
});

describe("a user's list of short items under a lead-in line", () => {
  it('is joined to its lead-in; a list of whole sentences, or one with no lead-in, stays as it is', () => {
    assert.equal(
      withShortListsJoined(
        'Report filters:\n- Date range\n- Customer (one or many)\n- Region\nThanks.',
        5,
        300,
      ),
      'Report filters: Date range; Customer (one or many); Region.\nThanks.',
    );
    const sentences =
      'Rules:\n- Never add a new dependency to the project.\n- Keep every public function documented.';
    assert.equal(withShortListsJoined(sentences, 5, 300), sentences);
    const noLeadIn = 'Build the report page.\n- Date range\n- Region';
    assert.equal(withShortListsJoined(noLeadIn, 5, 300), noLeadIn);
    // Joined, the list would be clipped: its items stay lines of their own.
    const long =
      'Filters:\n- Date range\n- A customer, or several customers picked from the list of active accounts';
    assert.equal(withShortListsJoined(long, 5, 60), long);
  });

  it("is one bullet of the extractive summary's goal, every item kept", async () => {
    const prompt = `<conversation>\n${renderMessages(
      [
        user(
          'Build a sales report page that charts revenue per month for the regions I pick. ' +
            'Put the chart on the left and the totals of the selected period on the right, with the change ' +
            'against the previous period beside each total.\n' +
            'Report filters:\n- Date range\n- Customer (one or many)\n- Region',
        ),
      ],
      { toolResultChars: 2000 },
    )}\n</conversation>\n\nSummarize the conversation above.`;
    const { text } = await provider.complete({ system: 'Compress the session.', prompt, maxTokens: 2000 });
    assert.match(text, /^- Report filters: Date range; Customer \(one or many\); Region\.$/m, text);
  });
});
