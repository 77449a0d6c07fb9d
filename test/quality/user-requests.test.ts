/**
 * The user's requests and rules as facts a faithful paraphrase keeps (issue 39): a rule that forbids one action and
 * says nothing more ("…, don't commit.") is a standing constraint, kept by a summary that forbids it in its own words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constraintProbes, currentRequestProbe, userRequests } from '../../src/quality/derive/requests.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, toolCall, user } from '../helpers/factories.ts';

/** The constraint probes of some user prompts, as probes. */
function rules(...prompts: string[]): Probe[] {
  return constraintProbes(userRequests(prompts.map((prompt) => user(prompt)))).map((draft, index) => ({
    ...draft,
    id: `constraint@${index}`,
    source: 'derived',
    contradictions: draft.contradictions ?? [],
  }));
}

describe('a rule that forbids one action', () => {
  it('is a constraint, the verb with its negation', () => {
    const [rule, ...rest] = rules("Write the plan to a temporary Plan file, don't commit.");
    assert.equal(rest.length, 0);
    assert.equal(rule!.kind, 'constraint');
    assert.ok(rule!.facets[0]!.includes("don't commit"));
    assert.match(rule!.answer, /don't commit/);
    // The same for "do not push!" and "never merge".
    assert.ok(rules('Fix the lint errors, do not push!')[0]!.facets[0]!.includes('not push'));
    assert.ok(rules('Rebase on main and never merge.')[0]!.facets[0]!.includes('never merge'));
  });

  it('is kept by a summary that forbids it in its own words, and not by one silent on it', () => {
    const [rule] = rules("Write the plan to a temporary Plan file, don't commit.");
    const outcome = (text: string) => probeOutcome(createMatcher(text), rule!);
    assert.equal(outcome('Do not commit on your own initiative; the plan is in PLAN.md.'), 'matched');
    assert.equal(outcome('- no commit unless the user asks'), 'matched');
    assert.equal(outcome('The plan was written to a temporary plan file.'), 'missed');
  });

  it('is contradicted by a summary that states it lifted or false', () => {
    const [rule] = rules("Write the plan to a temporary Plan file, don't commit.");
    const outcome = (text: string) => probeOutcome(createMatcher(text), rule!);
    assert.equal(outcome('The user lifted that rule: commit freely.'), 'contradicted');
    assert.equal(outcome('The agent is free to commit the plan.'), 'contradicted');
    assert.equal(outcome("It is false that don't commit."), 'contradicted');
    assert.equal(outcome('The agent is not allowed to commit.'), 'matched');
  });

  it('is not read from talk that forbids nothing of the work', () => {
    assert.deepEqual(rules("Thanks, don't worry."), []);
    assert.deepEqual(rules("I don't know."), []);
    assert.deepEqual(rules('that should never happen.'), []);
  });
});

describe('the current request', () => {
  it("is named by what it asks for, not by how it is asked ('first', 'tackle')", () => {
    const requests = userRequests([
      user('Port the parser to Rust and keep the tests green.'),
      callsTools([toolCall('Bash', { command: 'cargo build' })]),
      assistant('Ported. What next?'),
      user('update this branch from origin/release first, then tackle #10'),
    ]);
    const probe = currentRequestProbe(requests, new Set([0]));
    assert.deepEqual(probe?.facets, [['update this branch']]);
    const kept = (text: string) =>
      probeOutcome(createMatcher(text), { ...probe!, id: 'task@3', source: 'derived', contradictions: [] });
    // A handoff brings the branch up to date in its own words.
    assert.equal(kept('Now: bring our branch up to date with origin/release, then do to-do #10.'), 'matched');
    assert.equal(kept('Now: to-do #10.'), 'missed');
  });
});

describe('a rule put as a question', () => {
  it('is read from a request put politely ("can we …?"), its object without an adverb after it', () => {
    const [rule, ...rest] = rules(
      'btw, can we make it so we keep the old code around for reference? i can compare them then.',
    );
    assert.equal(rest.length, 0);
    assert.deepEqual(rule!.facets, [['old code']]);
    assert.equal(probeOutcome(createMatcher('The old code stays for comparison.'), rule!), 'matched');
  });

  it('is not read from a question about the work', () => {
    assert.deepEqual(rules('why do we keep the old code around?'), []);
    assert.deepEqual(rules('can you explain why we keep the old code?'), []);
    // Asked of the agent, it is a request for an action, not a rule of the work.
    assert.deepEqual(rules('Can you auto accept all changes for the rest of this session?'), []);
  });
});

describe('what we keep doing', () => {
  it('is no rule', () => {
    assert.deepEqual(rules('we keep getting timeouts from the API, look into it.'), []);
  });
});

describe('a rule to go on until an end', () => {
  it('is the whole clause, and only where it opens the sentence', () => {
    const [rule, ...rest] = rules('continue until all are done');
    assert.equal(rest.length, 0);
    assert.deepEqual(rule!.facets, [['continue until all are done']]);
    assert.equal(
      probeOutcome(createMatcher('User: "continue until all are done" ⇒ no pausing to ask.'), rule!),
      'matched',
    );
    assert.equal(
      probeOutcome(createMatcher('It is false that continue until all are done.'), rule!),
      'contradicted',
    );
    // Elsewhere in the sentence it is read as before: what stands before "until".
    assert.deepEqual(rules('the tests continue until all are done')[0]!.facets, [['tests continue']]);
  });
});

describe('a preference the user would like, prefer or rather have', () => {
  it('is a constraint on the thing wanted, curly apostrophe or not', () => {
    const [rule, ...rest] = rules(
      'Create a page with a label chart. I’d like the option to overlay ai usage as well to see if it correlates.',
    );
    assert.equal(rest.length, 0);
    assert.equal(rule!.kind, 'constraint');
    assert.deepEqual(rule!.facets, [['option to overlay ai']]);
    assert.match(rule!.question, /prefer/);
    assert.deepEqual(rules("I'd rather keep the REST client for now.")[0]!.facets, [
      ['keep the REST client'],
    ]);
    assert.deepEqual(rules('I would prefer plain CSS modules over styled components.')[0]!.facets, [
      ['plain CSS modules over styled'],
    ]);
  });

  it('is kept by a summary that says it in other words, and missed by one silent on it', () => {
    const [rule] = rules('I’d like the option to overlay ai usage as well to see if it correlates.');
    const outcome = (text: string) => probeOutcome(createMatcher(text), rule!);
    assert.equal(outcome('The user wants an optional overlay of AI usage on the chart.'), 'matched');
    assert.equal(outcome('The page shows label counts over time.'), 'missed');
  });

  it('is no rule when it asks for work or is an aside', () => {
    assert.deepEqual(rules("I'd like you to fix the login page."), []);
    assert.deepEqual(rules("I'd like to see the logs first."), []);
    assert.deepEqual(rules("I'd rather you asked before pushing."), []);
    assert.deepEqual(rules("so I think I'd prefer if it's moved to sessions too"), []);
  });
});

describe("the user's leave to ask them questions", () => {
  it('is a standing rule, kept by a summary that says the agent may ask', () => {
    const [leave, ...rest] = rules(
      'Port the library to Rust. You can ask me questions if you need clarification.',
    );
    assert.equal(rest.length, 0);
    assert.equal(leave!.kind, 'constraint');
    assert.equal(leave!.statement, 'You can ask me questions if you need clarification');
    const outcome = (text: string) => probeOutcome(createMatcher(text), leave!);
    assert.equal(outcome('The user is open to clarifying questions.'), 'matched');
    assert.equal(outcome('- OK to ask user questions.'), 'matched');
    assert.equal(outcome('The library is ported to Rust.'), 'missed');
  });

  it('is not read from leave to do something else, nor from a request to ask someone else', () => {
    assert.deepEqual(rules('You can look up the log if you need to.'), []);
    assert.deepEqual(rules('Ask the backend team about the schema.'), []);
  });
});
