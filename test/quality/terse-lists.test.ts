/**
 * Two forms a terse note writes a fact in (issue 39, round s19 D72): a check's command written once with its last word
 * listed ("pnpm --filter @acme/web lint | test | typecheck", "each run as pnpm --filter @acme/web <script>: typecheck
 * passes"), which names each command of the list; and a unit of code named by its word alone ("validators into
 * checkpoint" for "the validators go to the checkpoint package"). Each keeps its fact where a note writes it so, and
 * nothing where a list of names, the words run together, or the fact stated false is written; a check marked "✗"
 * after it is said to fail, as "✓" says it passed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, derivedProbe, editRun, session, shellRun, user } from '../helpers/factories.ts';

describe("a check's command written once with its last word listed", () => {
  const messages: Message[] = [
    user('Make the invoice table load faster in apps/web, then run lint, test and typecheck.'),
    ...editRun('apps/web/src/InvoiceTable.tsx'),
    ...shellRun('pnpm --filter @acme/web lint', '✔ No ESLint warnings or errors'),
    ...shellRun('pnpm --filter @acme/web test', 'Test Files  4 passed (4)\n     Tests  31 passed (31)'),
    ...shellRun('pnpm --filter @acme/web typecheck', '> tsc --noEmit\n'),
    assistant('All three checks are green.'),
  ];
  const derived = deriveProbes(session(messages)).probes.find(
    (probe) => probe.kind === 'state' && probe.facets[0]!.includes('pnpm --filter @acme/web typecheck'),
  );
  // The state as a Codex rollout's check derives it: the command alone, no statement (codex-agentcmd-teams-747).
  const bare: Probe = derivedProbe('state', {
    facets: [['pnpm --filter @acme/web typecheck']],
    opposite: derived?.opposite,
  });
  const outcome = (text: string, probe: Probe = bare) => probeOutcome(createMatcher(text), probe);

  it('derives the passing check with its command and its opposite', () => {
    assert.ok(derived, 'a state of the typecheck run is derived');
    assert.ok(derived.opposite?.said.includes('fails'));
  });

  it('is kept by the command with its last word in a list, or after a placeholder', () => {
    assert.equal(outcome('cmds: pnpm --filter @acme/web lint | test | typecheck, all ✓'), 'matched');
    assert.equal(outcome('pnpm --filter @acme/web typecheck / lint / test: green'), 'matched');
    assert.equal(outcome('checks: pnpm --filter @acme/web lint, test and typecheck pass'), 'matched');
    assert.equal(
      outcome('Checks, each run as pnpm --filter @acme/web <script>: typecheck passes, lint is clean.'),
      'matched',
    );
    assert.equal(outcome('cmds: pnpm --filter @acme/web lint | test | typecheck, all ✓', derived), 'matched');
  });

  it('is not kept by the words run together, another word after the command, or a list of names', () => {
    assert.equal(outcome('pnpm --filter @acme/web lint test typecheck'), 'missed');
    assert.equal(outcome('pnpm --filter @acme/web build then typecheck'), 'missed');
    assert.equal(outcome('pnpm --filter @acme/web, typecheck'), 'missed');
    assert.equal(outcome('apps/web/src/InvoiceTable.tsx, pnpm, typecheck, @acme/web, lint'), 'missed');
    assert.equal(outcome('pnpm --filter @acme/web lint | test. Then typecheck.'), 'missed');
    assert.equal(outcome('mise run lint | test | typecheck'), 'missed');
  });

  it('is contradicted where the listed check is said to fail, marked failed, or the sentence is stated false', () => {
    assert.equal(outcome('pnpm --filter @acme/web lint | test | typecheck fails'), 'contradicted');
    assert.equal(outcome('pnpm --filter @acme/web typecheck / lint / test failed'), 'contradicted');
    // A terse note's mark after the check: ✗ says it failed, as "✓" says it passed.
    assert.equal(outcome('pnpm --filter @acme/web lint | test | typecheck ✗'), 'contradicted');
    assert.equal(outcome('pnpm --filter @acme/web typecheck ✗ (tsc: 3 errors)'), 'contradicted');
    assert.equal(outcome('pnpm --filter @acme/web typecheck ✓'), 'matched');
    assert.equal(
      outcome('It is false that pnpm --filter @acme/web lint | test | typecheck pass.'),
      'contradicted',
    );
  });
});

describe('a unit of code named by its word alone', () => {
  const decision = derivedProbe('decision', {
    facets: [['validators to checkpoint package']],
    statement: 'Proposed: Move validators to checkpoint package',
  });
  const outcome = (text: string, probe: Probe = decision) => probeOutcome(createMatcher(text), probe);

  it('is kept where a note names the package by its word', () => {
    assert.equal(outcome('NOW: finish the refactor (IDs → session, validators → checkpoint).'), 'matched');
    assert.equal(
      outcome('The refactor the user approved: ID helpers into session, validators into checkpoint.'),
      'matched',
    );
    assert.equal(outcome('validators moved to the checkpoint pkg'), 'matched');
  });

  it('is not kept by the names alone, another package, or the move denied', () => {
    assert.notEqual(outcome('ValidateSessionID/ToolUseID/AgentID → checkpoint'), 'matched');
    assert.notEqual(outcome('checkpoint/validators.go, ValidateSessionID, checkpoint'), 'matched');
    assert.notEqual(outcome('validators to the session package'), 'matched');
    assert.equal(outcome('The validators were not moved to checkpoint.'), 'contradicted');
    assert.notEqual(outcome('It is false that the validators go to checkpoint.'), 'matched');
  });

  it('keeps a phrase of two words whole', () => {
    const placement = derivedProbe('decision', { facets: [['session package']] });
    assert.equal(outcome('GetOrCreate → session package', placement), 'matched');
    assert.notEqual(outcome('the session is done', placement), 'matched');
  });
});
