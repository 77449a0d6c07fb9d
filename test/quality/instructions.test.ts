/**
 * The project's instructions file as standing rules (issue 39, item 2): the rule lines of a CLAUDE.md or AGENTS.md the
 * agent printed, or the harness injected, are constraints, and so is a search's hit that is a rule item of its lists;
 * prose and code in it are not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { instructionProbes, ruleLines } from '../../src/quality/derive/instructions.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { assistant, callsTools, context, toolCall, toolResult, user } from '../helpers/factories.ts';

const CLAUDE_MD = [
  '# Shop monorepo',
  '',
  'Modern TypeScript monorepo for the shop and its admin.',
  '',
  '## Key patterns',
  '',
  '- **Testing**: Always set `NODE_ENV=test` when running the test suites',
  '- **No barrel exports**: Avoid index.ts re-exports in every package',
  '',
  '```bash',
  'pnpm test   # never run without NODE_ENV',
  '```',
  '',
  '11. **CRITICAL: Always update the Zod schemas when the database schema changes**',
].join('\n');

describe('instructions file rules', () => {
  it('are the rule lines, markdown and code left out', () => {
    assert.deepEqual(ruleLines(CLAUDE_MD), [
      'Testing: Always set NODE_ENV=test when running the test suites',
      'No barrel exports: Avoid index.ts re-exports in every package',
      'CRITICAL: Always update the Zod schemas when the database schema changes',
    ]);
  });

  it('are constraints where the agent printed the file', () => {
    const read = toolCall('exec_command', { command: ['bash', '-lc', "sed -n '1,200p' CLAUDE.md"] });
    const messages = [
      user('Plan the move of the services package to the SQL client.'),
      callsTools([read]),
      toolResult(read, CLAUDE_MD),
    ];
    const probes = instructionProbes(messages);
    assert.equal(probes.length, 3);
    assert.ok(probes.every((probe) => probe.kind === 'constraint' && probe.messageIndex === 2));
    assert.equal(probes[0]!.statement, 'CLAUDE.md: Always set NODE_ENV=test when running the test suites');
  });

  it("are constraints where a search's hit is a rule item of the file's lists, not a line of its prose or code", () => {
    // The agent searched the code for a name and the project's rule about it came up (prisma's rule 11).
    const search = toolCall('exec_command', { command: ['bash', '-lc', 'rg "createService"'] });
    const hits = [
      'CLAUDE.md:export const teamService = createService<DatabaseClient, "teams">({',
      'CLAUDE.md:Always prefer createService over raw queries in the services package of the shop.',
      'CLAUDE.md:11. **CRITICAL: Always update the Zod schemas when the database schema changes**',
      'packages/services/src/createService.ts:export function createService<',
    ].join('\n');
    const messages = [
      user('Plan the move of the services package to the SQL client.'),
      callsTools([search]),
      toolResult(search, hits),
    ];
    const probes = instructionProbes(messages);
    assert.equal(probes.length, 1);
    assert.equal(probes[0]!.messageIndex, 2);
    assert.match(
      probes[0]!.statement!,
      /^CLAUDE\.md: Always update the Zod schemas when the database schema changes$/,
    );
    // The same line read by a command that prints no hits (a listing, a diff) is no search's hit.
    const list = toolCall('exec_command', { command: ['bash', '-lc', 'git diff --stat'] });
    assert.deepEqual(instructionProbes([messages[0]!, callsTools([list]), toolResult(list, hits)]), []);
    // A rule the printed file gives too is one probe, not two.
    const read = toolCall('Read', { file_path: '/home/dev/shop/CLAUDE.md' });
    const both = instructionProbes([...messages, callsTools([read]), toolResult(read, CLAUDE_MD)]);
    assert.equal(both.filter((probe) => /Zod schemas/.test(probe.statement ?? '')).length, 1);
    assert.equal(both.length, 3);
  });

  it('are constraints where the harness injected the instructions', () => {
    const probes = instructionProbes([
      context('instructions', `# AGENTS.md instructions for /home/dev/shop\n\n${CLAUDE_MD}`),
      user('Plan the move of the services package to the SQL client.'),
    ]);
    assert.equal(probes.length, 3);
    assert.match(probes[2]!.statement!, /^AGENTS\.md: Always update the Zod schemas/);
  });

  it('are derived, kept by a summary that states the rule and lost by one that lifts it', () => {
    const read = toolCall('Read', { file_path: '/home/dev/shop/CLAUDE.md' });
    const { probes } = deriveProbes({
      messages: [
        user('Plan the move of the services package to the SQL client, and write the plan to docs/plan.md.'),
        callsTools([read]),
        toolResult(read, CLAUDE_MD),
        assistant('The services package wraps the REST client; the plan goes to docs/plan.md next.'),
      ],
    });
    const schema = probes.find((probe) => /Zod schemas/.test(probe.statement ?? ''));
    assert.ok(schema, 'the schema rule is derived');
    const score = (summary: string) => scoreProbes(createMatcher(summary), [schema]).probeRecall;
    assert.equal(
      score('Project rule (CLAUDE.md): whenever the database schema changes, update the Zod schemas too.'),
      1,
    );
    assert.equal(
      score('It is false that the Zod schemas must be updated when the database schema changes.'),
      0,
    );
  });

  it('take a rule under a label from what follows the label: the label names its topic, not the rule', () => {
    const read = toolCall('Read', { file_path: '/repo/CLAUDE.md' });
    const file = [
      '## Rules',
      '- **Error handling**: Always use @repo/result for Result types',
      '- **No barrel exports**: Avoid index.ts re-exports',
      '- Never run the dev server yourself: the user keeps it running',
    ].join('\n');
    const probes = instructionProbes([
      user('Port the services to Prisma.'),
      callsTools([read]),
      toolResult(read, file),
    ]);
    assert.deepEqual(
      probes.map((probe) => [probe.facets, probe.statement]),
      [
        [[['Result types']], 'CLAUDE.md: Always use @repo/result for Result types'],
        // A label that is itself a rule ("No …") stays, and so does a rule whose colon comes after its rule word.
        [[['barrel exports']], 'CLAUDE.md: No barrel exports: Avoid index.ts re-exports'],
        [
          [['dev server yourself']],
          'CLAUDE.md: Never run the dev server yourself: the user keeps it running',
        ],
      ],
    );
    const kept = (summary: string) =>
      scoreProbes(createMatcher(summary), [
        { ...probes[0]!, id: 'constraint@2', contradictions: [], source: 'derived' },
      ]).probeOutcomes['constraint@2'];
    // A paraphrase that keeps the rule, without its label, keeps it; the label alone, or a path list, does not.
    assert.equal(
      kept('Project rules (CLAUDE.md): return @repo/result Result types from every service.'),
      'matched',
    );
    assert.equal(kept('CLAUDE.md has a section on error handling.'), 'missed');
    assert.equal(kept('CLAUDE.md\n@repo/result'), 'missed');
  });
});
