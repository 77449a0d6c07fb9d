/**
 * What the agent learnt from files it read (issue 39): an item of a findings section of its own message ("Current
 * State", "Findings", "What I found") that names one file it read and did not edit is an artifact probe of that file,
 * stated in the agent's words and kept by what it says of the file, not by the file's name: a path list and an
 * identifier bag keep none, a faithful paraphrase keeps it, a statement of it as false keeps nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { readFindingProbes } from '../../src/quality/derive/read-findings.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive } from '../../src/quality/probes.ts';
import { createProvider } from '../../src/providers/create.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

const REPORT = [
  '**Current State**',
  '- `apps/web/src/lib/db.ts:14` exports a singleton service-role client that bypasses row-level security.',
  '- `packages/services/src/create.ts:20` and sibling modules wrap the query builder with tenant filters.',
  '- Both `db.ts` and `create.ts` assume the old client everywhere.',
  '',
  '**Proposed Plan**',
  '- Phase 1: add the new client beside the old one in `packages/services/src/client.ts`.',
].join('\n');

/** A read-only review: the agent reads two files, then reports what it found and what it proposes. */
function review(report = REPORT) {
  return session([
    user('Review the data layer and propose how to move it to the new client.'),
    ...toolExchange('read', { path: 'apps/web/src/lib/db.ts' }, 'export const db = createClient(url, key);'),
    ...toolExchange('read', { path: 'packages/services/src/create.ts' }, 'export function create() {}'),
    assistant(report),
  ]);
}

describe('a finding the agent reports about a file it read', () => {
  it('is an artifact probe of that file, its statement the item without the path, its facet a phrase of it', () => {
    const { messages, fileOperations } = review();
    const probes = readFindingProbes(messages, fileOperations);
    assert.deepEqual(
      probes.map((probe) => [probe.kind, probe.file, probe.statement]),
      [
        [
          'artifact',
          'apps/web/src/lib/db.ts',
          'db.ts: exports a singleton service-role client that bypasses row-level security.',
        ],
        [
          'artifact',
          'packages/services/src/create.ts',
          'create.ts: and sibling modules wrap the query builder with tenant filters.',
        ],
      ],
    );
    for (const probe of probes) {
      assert.equal(probe.facets.length, 1);
      assert.ok(!probe.facets[0]!.some((spelling) => spelling.includes('.ts')), probe.facets[0]!.join());
    }
  });

  it('is none for an item naming two files, a file it did not read, a file it edited, or a section of proposals', () => {
    const { messages, fileOperations } = review();
    const files = readFindingProbes(messages, fileOperations).map((probe) => probe.file);
    // "Both db.ts and create.ts …" compares two files; client.ts is in the proposal and was never read.
    assert.ok(!files.includes('packages/services/src/client.ts'));
    assert.equal(files.length, 2);
    const edited = session([
      ...review().messages,
      ...toolExchange('edit', { path: 'apps/web/src/lib/db.ts' }, 'ok'),
      assistant(REPORT),
    ]);
    assert.deepEqual(
      readFindingProbes(edited.messages, edited.fileOperations).map((probe) => probe.file),
      ['packages/services/src/create.ts'],
    );
    const noFindings = review(REPORT.replace('**Current State**', '**Changes Made**'));
    assert.deepEqual(readFindingProbes(noFindings.messages, noFindings.fileOperations), []);
  });

  it('leaves out a sentence that only leads in to a nested list', () => {
    const report =
      '## Findings\n- `apps/web/src/lib/db.ts` is the one client every service uses. It exports:\n  - db';
    const { messages, fileOperations } = review(report);
    assert.deepEqual(
      readFindingProbes(messages, fileOperations).map((probe) => probe.statement),
      ['db.ts: is the one client every service uses.'],
    );
  });

  it('is kept by a paraphrase that names the file and what it holds, not by a path list, the identifiers, or denial', async () => {
    const reviewed = review();
    const { probes } = deriveProbes(reviewed);
    const finding = probes.find((probe) => probe.file === 'apps/web/src/lib/db.ts');
    assert.ok(finding && isLive(finding), 'a live finding about db.ts');
    const outcome = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes[finding.id];
    assert.equal(
      outcome('db.ts holds one shared service-role client (a singleton) which skips row-level security.'),
      'matched',
    );
    const provider = createProvider('extractive', { tokenizer: await getTokenizer('o200k_base') });
    for (const trick of ['paths-only', 'identifier-bag'] as const) {
      const { output } = await runStrategy(STRATEGIES[trick], reviewed, provider);
      assert.match(output.summary, /db\.ts/);
      assert.equal(outcome(output.summary), 'missed', trick);
    }
    const fact = finding.statement!.replace(/[.\s]+$/, '');
    assert.equal(outcome(`It is false that ${fact}.`), 'contradicted');
    assert.equal(outcome(`${fact} was not done.`), 'contradicted');
  });
});

const CITED = [
  '**Findings**',
  '- The services package wraps the query builder with tenant filters and exposes a uniform service API that domain modules consume through destructured exports (`apps/web/src/domain/invites/crud.ts:6`, `packages/services/src/createService.ts:1`).',
  '- Context objects optionally carry an alternate database client, and lifecycle hooks fire before and after each operation (`packages/services/src/types.ts:89`, `packages/services/src/createService.ts:36`).',
  '- Both `types.ts` and `crud.ts` assume the old client everywhere.',
  '- Pagination is capped at one thousand rows (`packages/services/src/getAll.ts:12` shows the cap, `packages/services/src/types.ts:40`).',
].join('\n');

/** A read-only review in Codex's manner: each claim of its findings backed by the files it read, `path:line`. */
function citedReview(report = CITED, typesHead = 'export const x = 1;') {
  return session([
    user('Review the services package and how the app uses it, then propose a plan.'),
    ...[
      'packages/services/src/createService.ts',
      'packages/services/src/types.ts',
      'apps/web/src/domain/invites/crud.ts',
      'packages/services/src/getAll.ts',
    ].flatMap((path) =>
      toolExchange('read', { path }, path.endsWith('types.ts') ? typesHead : 'export const x = 1;'),
    ),
    assistant(report),
  ]);
}

const GOOD = [
  'crud.ts: the domain modules consume the uniform service API through destructured exports.',
  'createService.ts: a context object may optionally carry an alternate database client; lifecycle hooks fire before and after every operation.',
  'types.ts: context objects optionally carry an alternate database client for the services.',
];

describe('a claim of the findings that cites the files it read', () => {
  it('is a finding about each cited file, stated without the citation, its facets the file and a phrase', () => {
    const { messages, fileOperations } = citedReview();
    const probes = readFindingProbes(messages, fileOperations);
    assert.deepEqual(
      probes.map((probe) => [probe.file, probe.statement, probe.facets]),
      [
        [
          'apps/web/src/domain/invites/crud.ts',
          'crud.ts: The services package wraps the query builder with tenant filters and exposes a uniform service that domain modules consume through destructured exports',
          [['crud.ts'], ['modules consume through destructured']],
        ],
        [
          'packages/services/src/createService.ts',
          'createService.ts: Context objects optionally carry an alternate database client, and lifecycle hooks fire before and after each operation',
          [['createService.ts'], ['Context objects optionally carry']],
        ],
        [
          'packages/services/src/types.ts',
          'types.ts: Context objects optionally carry an alternate database client, and lifecycle hooks fire before and after each operation',
          [['types.ts'], ['Context objects optionally carry']],
        ],
      ],
    );
  });

  it('is kept only whole, and by its facets alone where the files read open with its words', () => {
    const { messages, fileOperations } = citedReview();
    assert.deepEqual(
      readFindingProbes(messages, fileOperations).map((probe) => probe.partialCredit),
      [false, false, false],
    );
    // types.ts opens with the claim's words: a bag of the files' first lines would state its claim of types.ts, so only
    // its facets tell it; createService.ts's is not stated there.
    const opened = citedReview(
      CITED,
      '// optional alternate database client; lifecycle hooks fire before each operation',
    );
    assert.deepEqual(
      readFindingProbes(opened.messages, opened.fileOperations).map((probe) => [
        probe.file,
        probe.statement !== undefined,
      ]),
      [
        ['apps/web/src/domain/invites/crud.ts', true],
        ['packages/services/src/createService.ts', true],
        ['packages/services/src/types.ts', false],
      ],
    );
  });

  it('is none where a parenthesis says more than the files, or cites a file the agent did not read', () => {
    // "Both types.ts and crud.ts …" compares them in prose; getAll.ts's parenthesis says what the file shows.
    const unread = citedReview(CITED.replace('invites/crud.ts:6', 'invites/other.ts:6'));
    assert.deepEqual(
      readFindingProbes(unread.messages, unread.fileOperations).map((probe) => probe.file),
      ['packages/services/src/createService.ts', 'packages/services/src/types.ts'],
    );
  });

  it('is kept by a faithful summary file by file, dropped with its line, and kept by no path list or identifier bag', async () => {
    const reviewed = citedReview();
    const { probes } = deriveProbes(reviewed);
    const cited = probes.filter((probe) => probe.kind === 'artifact' && isLive(probe));
    assert.deepEqual(
      cited.map((probe) => probe.file),
      [
        'apps/web/src/domain/invites/crud.ts',
        'packages/services/src/createService.ts',
        'packages/services/src/types.ts',
      ],
    );
    const outcomes = (text: string) =>
      cited.map((probe) => scoreProbes(createMatcher(text), probes).probeOutcomes[probe.id]);
    assert.deepEqual(outcomes(GOOD.join('\n')), ['matched', 'matched', 'matched']);
    // A claim cited for two files is stated once for both: dropping crud.ts's own claim drops exactly its probe.
    assert.deepEqual(outcomes([GOOD[1], GOOD[2]].join('\n')), ['missed', 'matched', 'matched']);
    const provider = createProvider('extractive', { tokenizer: await getTokenizer('o200k_base') });
    for (const trick of ['paths-only', 'identifier-bag'] as const) {
      const { output } = await runStrategy(STRATEGIES[trick], reviewed, provider);
      assert.match(output.summary, /createService\.ts/);
      assert.deepEqual(outcomes(output.summary), ['missed', 'missed', 'missed'], trick);
    }
    const fact = cited[1]!.statement!.replace(/[.\s]+$/, '');
    assert.equal(outcomes(`It is false that ${fact}.`)[1], 'contradicted');
  });
});

describe('a derived statement', () => {
  it('fits within the reach of a sentence’s stance, so stated as not done or false it is contradicted whole', () => {
    // Long options and the reply's words after the pick: a choice's statement was 388 characters on a real session.
    const offer = assistant(
      [
        'How should the summaries be built?',
        '',
        '**A) Extracted highlights of each checkpoint: the prompts, the key tool actions, the files they touched and the final response of each turn, kept in the order they happened**',
        '**B) The full transcript, which risks the token limits of the model but is complete and needs no selection**',
        '**C) A hybrid that tries the full transcript first and falls back to the extracted highlights when too large**',
        '',
        'Which do you prefer?',
      ].join('\n'),
    );
    const reply = user('I think A), and we can add an opt-in flag later for people who want more');
    const { probes } = deriveProbes(
      session([user('Add AI summaries to the explain command.'), offer, reply]),
    );
    const choice = probes.find((probe) => probe.kind === 'decision');
    assert.ok(choice?.statement, 'a decision of the pick');
    assert.ok(choice.statement.length <= 280, `${choice.statement.length} characters`);
    const fact = choice.statement.replace(/[.\s]+$/, '');
    for (const denial of [`${fact} was not done.`, `It is false that ${fact}.`])
      assert.equal(
        scoreProbes(createMatcher(denial), probes).probeOutcomes[choice.id],
        'contradicted',
        denial,
      );
  });
});
