/**
 * A word of a name an artifact's statement also says in prose ("redact" of redact_text and "redaction patterns") is
 * content where a text says it in prose on a line that names the artifact's file (meaning.ts `statementCoverage`,
 * `proseNamesBesideFile`): "scripts/sync_raw_logs.py — … running regex redaction over the raw text" tells what the
 * file does, where its clause is a sentence (three words of prose or more, more than its names). A path list, an
 * identifier bag, words pasted after the names, the words on a line of their own and the statement said false keep
 * nothing of it (round s35, D145).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

// The M-Claude chat-log session's probe (claude-code-mclaude-chatlog-609, artifact@101): the file's functions and the
// first one's doc, whose words "redaction" and "text" are also words of its name redact_text.
const artifact: Probe = {
  id: 'artifact@101',
  kind: 'artifact',
  question: 'What does scripts/sync_raw_logs.py hold?',
  answer:
    'scripts/sync_raw_logs.py created: redact_text, redact_json_structure, sync_jsonl_logs — Apply all redaction patterns to text.',
  facets: [['redact_text'], ['Apply all redaction patterns']],
  statement:
    'sync_raw_logs.py created: redact_text, redact_json_structure, sync_jsonl_logs — Apply all redaction patterns to text.',
  file: 'scripts/sync_raw_logs.py',
  contradictions: [],
  source: 'derived',
};

const outcome = (text: string) => scoreProbes(createMatcher(text), [artifact]).probeOutcomes[artifact.id];

describe('a word of a name said in prose beside its file', () => {
  it('keeps the file described in fresh words on its own line', () => {
    assert.equal(
      outcome(
        '- scripts/sync_raw_logs.py — takes every *.jsonl in ~/.claude/projects and writes it into CHAT_LOGS/, running regex redaction over the raw text.',
      ),
      'matched',
    );
  });

  it('keeps nothing from names alone, nor from the words away from the file', () => {
    assert.equal(
      outcome('scripts/sync_raw_logs.py, redact_text, redact_json_structure, sync_jsonl_logs'),
      'missed',
    );
    assert.equal(
      outcome('- scripts/sync_raw_logs.py\n- running regex redaction over the raw text of the logs'),
      'missed',
    );
    assert.equal(outcome('The session ran a redaction over the raw text of the chat logs.'), 'missed');
    // Words pasted after a bag's names on the file's line are no sentence of it.
    assert.equal(
      outcome('sync_jsonl_logs json.dumps sync_raw_logs.py re.sub os.walk raw text redaction'),
      'missed',
    );
  });

  it('keeps nothing from the description said false', () => {
    assert.notEqual(
      outcome('It is false that scripts/sync_raw_logs.py runs regex redaction over the raw text.'),
      'matched',
    );
  });
});
