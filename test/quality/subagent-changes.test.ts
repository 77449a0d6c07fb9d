/**
 * A file a subagent reports it changed (Claude Code's `Task` / `Agent` tool; subagent-changes.ts) is an artifact of the
 * work, told by the report's words of the change; the agent's earlier reading of that file is history
 * (read-findings.ts). Attacked with what must not pass: a path list, the path glossed with empty words, a bag of the
 * names the report quotes, the user's messages, the change said false or not done.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const REQUEST = 'Overdue invoices need a late fee. Hand the coding to a dev subagent, please.';
const INVOICE = 'src/billing/invoice.ts';

const REPORT = [
  'Here is what I did.',
  '',
  '## Summary',
  '',
  `**Changes to \`/home/dev/shop/${INVOICE}\`:**`,
  '1. Added a late fee rule for overdue invoices (`chargeOverdue()`)',
  '2. Rounds every total to whole cents before tax',
  '   - `roundCents()` is shared by both paths',
  '3. Skips the fee for customers on a payment plan',
  '',
  '**`/home/dev/shop/src/billing/invoice.test.ts`:**',
  '- Added `testLateFee` covering overdue invoices',
  '',
  'All tests pass.',
].join('\n');

/** The agent reads the invoice module, reports what it found, then a subagent changes it and reports `report`. */
function delegated(report: string, tool = 'Task'): Message[] {
  const read = toolCall('read', { path: INVOICE });
  const task = toolCall(tool, { subagent_type: 'dev', prompt: 'Add the late fee to the invoice module.' });
  return [
    user(REQUEST),
    callsTools([read]),
    toolResult(read, 'export function invoiceTotal(lines: Line[]): number { … }'),
    assistant(
      `## Current State\n- ${INVOICE}: computes invoice totals from the order lines, with no fees at all.`,
    ),
    callsTools([task]),
    toolResult(task, report),
    assistant('The subagent finished the late fee.'),
  ];
}

const artifactsOf = (messages: Message[]): Probe[] =>
  deriveProbes(session(messages)).probes.filter((probe) => probe.kind === 'artifact');

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe("a file a subagent's report says it changed", () => {
  const artifacts = artifactsOf(delegated(REPORT));
  const probe = artifacts.find((artifact) => artifact.statement?.startsWith('invoice.ts changed'));

  it("is an artifact told by the report's words of the change, not by the names it quotes", () => {
    assert.ok(probe, 'invoice.ts has an artifact probe of the reported change');
    assert.equal(probe.file, `/home/dev/shop/${INVOICE}`);
    assert.deepEqual(probe.facets, [
      ['invoice.ts'],
      [
        'Added a late fee rule',
        'Rounds every total to whole',
        'shared by both paths',
        'Skips the fee for customers',
      ],
    ]);
    assert.equal(probe.live, true);
    // The test file's report is the change's tests, as the agent's own test edits are.
    assert.equal(artifacts.filter((artifact) => artifact.file?.endsWith('invoice.test.ts')).length, 0);
  });

  it("makes the agent's reading of the file before the change history", () => {
    assert.equal(
      artifacts.filter((artifact) => artifact.statement?.includes('computes invoice totals')).length,
      0,
    );
    // Without the subagent's change the reading is the file's finding.
    const unchanged = artifactsOf(delegated('I looked around and changed nothing.'));
    assert.equal(
      unchanged.filter((artifact) => artifact.statement?.includes('computes invoice totals')).length,
      1,
    );
    assert.equal(
      unchanged.filter((artifact) => artifact.statement?.startsWith('invoice.ts changed')).length,
      0,
    );
  });

  it('is kept by a faithful paraphrase', () => {
    assert.equal(
      outcome(
        'invoice.ts now applies a late fee rule for overdue invoices and rounds every total to whole cents.',
        probe!,
      ),
      'matched',
    );
  });

  it("keeps nothing of a path list, empty glosses, a bag of the report's names or the user's messages", () => {
    assert.equal(outcome(`${INVOICE}\nsrc/billing/invoice.test.ts`, probe!), 'missed');
    assert.equal(
      outcome(`${INVOICE}: holds relevant project source code and its configuration.`, probe!),
      'missed',
    );
    assert.equal(outcome('invoice.ts, chargeOverdue, roundCents, testLateFee', probe!), 'missed');
    assert.equal(outcome(REQUEST, probe!), 'missed');
  });

  it('is contradicted by the change said false or not done', () => {
    const statement = probe!.statement!.replace(/[.?!\s]+$/, '');
    assert.equal(outcome(`It is false that ${statement}.`, probe!), 'contradicted');
    assert.equal(outcome(`${statement} was not done.`, probe!), 'contradicted');
  });

  it('reads the Agent tool as Task, and no report that says no change was made', () => {
    assert.ok(
      artifactsOf(delegated(REPORT, 'Agent')).some((artifact) =>
        artifact.statement?.startsWith('invoice.ts changed'),
      ),
    );
    // A review's headings name the file but say no change was made: nothing to tell.
    const review = REPORT.replace('**Changes to ', '**Review of ');
    assert.equal(
      artifactsOf(delegated(review)).filter((a) => a.statement?.startsWith('invoice.ts changed')).length,
      0,
    );
    // The same report from a tool that is no subagent (a shell printing it) is no report of work done.
    assert.equal(
      artifactsOf(delegated(REPORT, 'bash')).filter((a) => a.statement?.startsWith('invoice.ts changed'))
        .length,
      0,
    );
  });

  it('gives no probe of one phrase, nor of a file the agent edited itself (its edits have their own)', () => {
    const one = REPORT.replace('2. Rounds every total to whole cents before tax\n', '')
      .replace('   - `roundCents()` is shared by both paths\n', '')
      .replace('3. Skips the fee for customers on a payment plan\n', '');
    assert.equal(
      artifactsOf(delegated(one)).filter((a) => a.statement?.startsWith('invoice.ts changed')).length,
      0,
    );
    const edit = toolCall('edit', { path: INVOICE, old_string: 'a', new_string: 'b' });
    const edited = [...delegated(REPORT), callsTools([edit]), toolResult(edit, 'Edited.')];
    assert.equal(
      artifactsOf(edited).filter((a) => a.statement?.startsWith('invoice.ts changed: late fee')).length,
      0,
    );
  });
});
