/**
 * The extractive summarizer on the real transcripts in `../shared/real-sessions/` (never copied into the
 * repository); skipped where that folder is absent.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createExtractiveProvider } from '../../src/providers/extractive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { loadSession } from '../../src/session/load.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';

const REAL_SESSIONS = fileURLToPath(new URL('../../../shared/real-sessions/pi/', import.meta.url));
const present = existsSync(REAL_SESSIONS);

describe('extractive provider on real pi sessions', { skip: present ? false : `no ${REAL_SESSIONS}` }, () => {
  for (const name of ['before-compaction', 'large-session']) {
    it(`keeps every file read, written or edited in ${name}, within the one-call budget`, async () => {
      const session = await loadSession(`${REAL_SESSIONS}${name}.jsonl`);
      const tokenizer = await getTokenizer('o200k_base');
      const provider = createExtractiveProvider({ tokenizer });
      const conversation = renderMessages(session.messages, { toolResultChars: 2000 });
      const completion = await provider.complete({
        system: 'You summarize coding sessions.',
        prompt: `<conversation>\n${conversation}\n</conversation>\n\nWrite a checkpoint summary.`,
        maxTokens: 13107,
      });
      assert.ok(completion.usage.output <= 13107);
      const summary = createMatcher(completion.text);
      const paths = [...new Set(session.fileOperations.map((operation) => operation.path))];
      assert.ok(paths.length > 20, `${paths.length} files`);
      assert.deepEqual(
        paths.filter((path) => !summary.has(path)),
        [],
      );
    });
  }
});
