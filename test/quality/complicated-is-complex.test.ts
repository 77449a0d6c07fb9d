/**
 * "Complicated" says what "complex" says (meaning-words.ts): a faithful handoff writes the user's "a complex
 * migration" as "a complicated migration" and keeps the task's facet; a statement of it as false keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';

const request =
  'I want to migrate this app from @supabase/supabase-js to prisma. ' +
  "This will be a complex migration that we'll have to do in phases.";

describe('complicated is complex', () => {
  const { probes } = deriveProbes(
    session([
      user(request),
      ...toolExchange(
        'read',
        { path: 'packages/services/src/createService.ts' },
        'export function createService() {}',
      ),
      assistant('I will read the services package first and propose the phases.'),
    ]),
  );
  const task = probes.find((probe) => probe.kind === 'task');

  it('keeps the facet the user said in other words', () => {
    assert.ok(task);
    assert.ok(task.facets.some((facet) => facet.includes('complex migration')));
    const outcome = (text: string) => probeOutcome(createMatcher(text), { ...task, statement: undefined });
    assert.equal(
      outcome(
        'Goal: migrate this app off supabase-js; the user calls it a complicated migration, done in phases.',
      ),
      'matched',
    );
    assert.equal(outcome('Goal: migrate this app off supabase-js, done in phases.'), 'missed');
    assert.notEqual(
      outcome('It is false that the user wants to migrate this app or that it is a complicated migration.'),
      'matched',
    );
  });
});
