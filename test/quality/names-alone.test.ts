/**
 * A statement made of names alone (a reader's fact "GetRewindPoints: each point also gets SessionID =
 * metadata.SessionID …", whose prose words are also parts of its names) is stated by a sentence that relates the
 * names in any words, not by a bag of them: an identifier bag states no relation (meaning.ts `relates`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexStatements, statementLabel } from '../../src/quality/statement-match.ts';

const fact =
  'strategy/auto_commit.go, GetRewindPoints: each point also gets SessionID = metadata.SessionID and SessionPrompt = ReadSessionPromptFromTree(metadataTree, checkpointPath).';
const label = (text: string) => statementLabel(indexStatements(text), fact);

describe('a statement of names alone', () => {
  it('is kept by a sentence that relates its names in other words', () => {
    assert.equal(
      label(
        '- strategy/auto_commit.go: GetRewindPoints sets SessionID from metadata.SessionID and SessionPrompt from ReadSessionPromptFromTree(metadataTree, checkpointPath).',
      ),
      'kept',
    );
  });

  it('is not kept by a bag of the same names', () => {
    assert.equal(
      label(
        'GetAgent, 0o600, errors.New, GetRewindPoints, strategy.Strategy, extractSessionIDFromLogsOnlyPoint\nnTo, pre-prompt, readSessionPromptFromTree, state.ConcurrentWarningShown, state.BaseCommit, MetadataDir',
      ),
      'lost',
    );
    assert.equal(
      label('auto_commit.go, GetRewindPoints, SessionID, metadata.SessionID, SessionPrompt, metadataTree'),
      'lost',
    );
  });
});
