/**
 * `calibrate` on the repository's yardstick and on small cut folders made here: the tuning figures, the derived probes'
 * coverage and precision, the held-out part computed only when asked for (and the floors, which hold its headline,
 * refused without it), a transcript that is absent or not the labelled one skipped visibly, and a malformed cut file
 * an input error naming the file. No test here reads a held-out cut of the repository.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { calibrate, type Calibration } from '../../src/calibration/calibrate.ts';
import { cutCoverage } from '../../src/calibration/coverage.ts';
import type { CalibrationFact } from '../../src/calibration/cuts.ts';
import { checkFloorsNeedHeldOut, floorFailures } from '../../src/calibration/floors.ts';
import { entriesText, readTranscriptEntries } from '../../src/calibration/transcript-entries.ts';
import { headlineScorer } from '../../src/calibration/headline.ts';
import { InputError } from '../../src/errors.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { messageText } from '../../src/session/grep-lines.ts';
import { assistant, derivedProbe, session, user } from '../helpers/factories.ts';
import { renderCalibration } from '../../src/report/calibration.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { REAL_SESSIONS_SKIP } from '../helpers/real-sessions.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CUTS = join(ROOT, 'calibration', 'cuts');
const PUBLIC = fileURLToPath(new URL('../../../public-sessions/', import.meta.url));

let n = 0;
const message = (body: unknown) =>
  JSON.stringify({
    type: 'message',
    id: `m${++n}`,
    parentId: n > 1 ? `m${n - 1}` : null,
    timestamp: new Date(1765357200000 + n * 1000).toISOString(),
    message: body,
  });

/** A pi session with a task and a rule, both live at its end. */
const TRANSCRIPT = `${[
  JSON.stringify({ type: 'session', version: 2, id: 'synthetic', timestamp: '2025-12-10T09:00:00.000Z' }),
  message({
    role: 'user',
    content:
      'Add a retry budget to the HTTP client in src/client.ts. The client should stop retrying once the budget of attempts is spent. Never touch the generated files in src/gen/.',
    timestamp: 1,
  }),
  message({
    role: 'assistant',
    content: [{ type: 'text', text: 'On it.' }],
    stopReason: 'stop',
    timestamp: 2,
  }),
].join('\n')}\n`;

/** A cut of that session with a summary that keeps both facts and one that keeps nothing. */
/** A live reader fact of `kind`, as a cut file holds it. */
const liveFact = (id: string, kind: string, statement: string): CalibrationFact => ({
  id,
  kind,
  live: true,
  statement,
  inKeptTail: 'lost',
});

/** A derived probe of `kind` whose statement is its one facet. */
const statedProbe = (id: string, kind: string, statement: string, extra: Partial<Probe> = {}): Probe =>
  derivedProbe(kind, { id, facets: [[statement]], statement, ...extra });

function syntheticCut(id: string, split: string) {
  const facts = [
    {
      id: 'F1',
      kind: 'task',
      statement: 'Give the HTTP client a retry budget that stops once the attempts are spent.',
    },
    { id: 'F2', kind: 'constraint', statement: 'Never touch the generated files in src/gen/.' },
  ].map((fact) => ({ ...fact, live: true, inKeptTail: 'lost' }));
  const summaries = {
    good: 'The HTTP client needs a retry budget: it stops retrying once the attempts are spent. Never touch src/gen/.',
    paths: 'src/client.ts\nsrc/gen/',
  };
  return {
    schemaVersion: 1,
    id,
    split,
    session: {
      root: 'shared/',
      path: 'pi/synthetic.jsonl',
      format: 'pi',
      sha256: createHash('sha256').update(TRANSCRIPT).digest('hex'),
    },
    cut: { summarizedEntries: { from: 0, to: 2 }, keptTail: null },
    facts,
    summaries: Object.entries(summaries).map(([summary, text]) => ({
      id: summary,
      source: 'handoff',
      text,
      labels: Object.fromEntries(
        facts.map((fact) => [fact.id, { label: summary === 'good' ? 'kept' : 'lost' }]),
      ),
    })),
  };
}

let directory: { path: string; remove: () => Promise<void> };
let withShared: Calibration;
let withoutShared: Calibration;
let twoSplits: string;
before(async () => {
  directory = await temporaryDirectory();
  withShared = await calibrate({ cutsDirectory: CUTS, repositoryRoot: ROOT });
  // A repository root with nothing beside it: no ../shared/real-sessions/.
  withoutShared = await calibrate({
    cutsDirectory: CUTS,
    repositoryRoot: join(directory.path, 'repository'),
  });
  await mkdir(join(directory.path, 'shared', 'pi'), { recursive: true });
  await writeFile(join(directory.path, 'shared', 'pi', 'synthetic.jsonl'), TRANSCRIPT);
  twoSplits = join(directory.path, 'cuts-two-splits');
  await mkdir(twoSplits);
  await writeFile(join(twoSplits, 'a.json'), JSON.stringify(syntheticCut('a', 'tuning')));
  await writeFile(join(twoSplits, 'b.json'), JSON.stringify(syntheticCut('b', 'held-out')));
});
after(async () => {
  await directory.remove();
});

describe('calibrate on a real file with a line that is not JSON', () => {
  it("skips the line as the readers' view did, and scores the cut as if it were not there", async () => {
    const lines = TRANSCRIPT.trimEnd().split('\n');
    // A real Claude Code file holds such a line: an escape cut short by a redaction.
    const broken = `${[...lines.slice(0, 2), '{"content":"misc\\[REDACTED', ...lines.slice(2)].join('\n')}\n`;
    const path = join(directory.path, 'broken.jsonl');
    await writeFile(path, broken);
    const cut = syntheticCut('broken', 'tuning');
    const scorer = await headlineScorer(
      { ...cut, cut: { summarizedEntries: { from: 0, to: 3 }, keptTail: null } } as never,
      path,
    );
    const clean = await headlineScorer(cut as never, join(directory.path, 'shared', 'pi', 'synthetic.jsonl'));
    assert.deepEqual(
      scorer.probes.map((probe) => probe.answer),
      clean.probes.map((probe) => probe.answer),
    );
    assert.ok(scorer.probes.length > 0);
    assert.equal(scorer.recall(cut.summaries[0]!.text), clean.recall(cut.summaries[0]!.text));
  });
});

describe('calibrate', () => {
  it('scores the tuning cuts, the cheap tricks zero and the faithful handoffs high', () => {
    assert.ok(withShared.splits.tuning.summaries >= 100);
    for (const summary of withoutShared.summaries) {
      if (summary.summary === 'empty') assert.equal(summary.tool, 0, summary.cut);
      // A bare path can share one facet with a probe of a file whose statement is mostly its path (one partial on
      // claude-code-mclaude-export-614): a bag of paths and identifiers must still keep next to nothing.
      if (['paths-only', 'identifier-bag'].includes(summary.summary))
        assert.ok(summary.tool <= 0.05, `${summary.cut} ${summary.summary} ${summary.tool}`);
      if (summary.summary === 'handoff-faithful') assert.ok(summary.tool >= 0.8, summary.cut);
    }
  });

  it('computes nothing of a held-out cut unless asked, and says how many it left out', async () => {
    const plain = await calibrate({ cutsDirectory: twoSplits, repositoryRoot: directory.path });
    assert.deepEqual(
      plain.summaries.map((summary) => summary.cut),
      ['a', 'a'],
    );
    assert.deepEqual(
      plain.cuts.map((cut) => cut.cut),
      ['a'],
    );
    assert.equal(plain.splits['held-out'], null);
    assert.equal(plain.heldOutNotShown, 1);
    assert.match(renderCalibration(plain), /held-out: 1 held-out cut not printed; `--held-out` prints them/);
    const shown = await calibrate({
      cutsDirectory: twoSplits,
      repositoryRoot: directory.path,
      heldOut: true,
    });
    assert.equal(shown.splits['held-out']?.summaries, 2);
    assert.equal(shown.heldOutNotShown, 0);
    assert.match(renderCalibration(shown), /^held-out: 1 cuts, 2 summaries$/m);
  });

  it('holds the held-out headline to the floors, and refuses floors without the held-out part', async () => {
    assert.throws(
      () => checkFloorsNeedHeldOut({ maxError: 0.1, minCoverage: 0.7 }, false),
      (error: unknown) =>
        error instanceof InputError &&
        error.message ===
          '--max-error, --min-coverage hold the held-out figures: add --held-out, which computes and prints them',
    );
    checkFloorsNeedHeldOut({ maxError: 0.1 }, true);
    const shown = await calibrate({
      cutsDirectory: twoSplits,
      repositoryRoot: directory.path,
      heldOut: true,
    });
    const heldOut = shown.splits['held-out']!;
    assert.equal(heldOut.derived.summaries, 2, 'the headline: derived probes on both summaries');
    assert.deepEqual(
      floorFailures(shown, { maxError: 1, minCorrelation: -1, minCoverage: 0, minPrecision: 0 }),
      [],
    );
    const failures = floorFailures(shown, {
      maxError: 0,
      minCorrelation: 1,
      minCoverage: 1,
      minPrecision: 1,
      minKappa: 1,
    });
    const error = heldOut.derived.meanAbsoluteError!;
    if (error > 0)
      assert.ok(
        failures.includes(`held-out headline mean |tool − human| ${error.toFixed(2)} is above --max-error 0`),
      );
    assert.ok(
      failures.some((line) =>
        /^held-out coverage of the reader's live facts \d\.\d\d is below --min-coverage 1$/.test(line),
      ) || heldOut.coverage.all.share === 1,
    );
    assert.ok(failures.every((line) => line.startsWith('held-out')));
    // No transcript beside the held-out cuts (a fresh clone): one failure says why, no floor reads a missing figure.
    const unscored: Calibration = {
      ...shown,
      splits: {
        ...shown.splits,
        'held-out': {
          ...heldOut,
          derived: { ...heldOut.derived, summaries: 0, meanAbsoluteError: null, rankCorrelation: null },
        },
      },
    };
    assert.deepEqual(
      floorFailures(unscored, { maxError: 0, minCorrelation: 1, minCoverage: 1, minPrecision: 1 }),
      ["no held-out headline could be scored: it needs each held-out cut's transcript"],
    );
    assert.deepEqual(floorFailures(withoutShared, {}), []);
    assert.deepEqual(floorFailures(withoutShared, { maxError: 0.1 }), [
      'the held-out figures were not computed (--held-out)',
    ]);
  });

  it('exits 2 on a floor without --held-out, and 1 naming the held-out figure past its floor with it', async () => {
    const refused = await runCli(['calibrate', '--cuts', twoSplits, '--max-error', '0.1'], {
      cwd: directory.path,
    });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--max-error holds the held-out figures: add --held-out/);
    assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack trace');
    const held = await runCli(
      [
        'calibrate',
        '--cuts',
        twoSplits,
        '--transcripts',
        join(directory.path, 'shared'),
        '--held-out',
        '--min-coverage',
        '1.0',
        '--min-precision',
        '1.0',
      ],
      { cwd: directory.path },
    );
    assert.ok(held.code === 0 || held.code === 1, held.stderr);
    assert.match(held.stdout, /^held-out: 1 cuts, 2 summaries$/m);
  });

  it('reads a blind set from --held-out-cuts beside --cuts, held-out cuts only, ids of its own', async () => {
    const tuning = join(directory.path, 'cuts-tuning');
    const blind = join(directory.path, 'cuts-blind');
    await mkdir(tuning);
    await mkdir(blind);
    await writeFile(join(tuning, 'a.json'), JSON.stringify(syntheticCut('a', 'tuning')));
    await writeFile(join(blind, 'b.json'), JSON.stringify(syntheticCut('b', 'held-out')));
    const options = {
      cutsDirectory: tuning,
      heldOutCutsDirectory: blind,
      repositoryRoot: join(directory.path, 'repository'),
      transcriptsDirectory: join(directory.path, 'shared'),
    };
    const unasked = await calibrate(options);
    assert.equal(unasked.splits['held-out'], null);
    assert.equal(unasked.heldOutNotShown, 1);
    const shown = await calibrate({ ...options, heldOut: true });
    assert.equal(shown.splits['held-out']?.summaries, 2);
    assert.equal(shown.splits.tuning.summaries, 2);
    await writeFile(join(blind, 'a.json'), JSON.stringify(syntheticCut('a', 'held-out')));
    await assert.rejects(calibrate(options), /cut 'a' is in both --cuts and --held-out-cuts/);
    await writeFile(join(blind, 'a.json'), JSON.stringify(syntheticCut('a', 'tuning')));
    await assert.rejects(
      calibrate(options),
      /cuts-blind: cut 'a' is split 'tuning'; --held-out-cuts takes held-out cuts only/,
    );
  });

  it('sets the coverage of the derived probes beside the reader: a fact some probe states, of its kind first', () => {
    const facts: CalibrationFact[] = [
      liveFact('F1', 'constraint', 'Never touch the generated files in src/gen/.'),
      liveFact('F2', 'artifact', 'src/retry.ts: retryBudget stops after the attempts are spent.'),
      liveFact('F3', 'decision', 'The budget lives in the client, not a global setting.'),
      { ...liveFact('F4', 'task', 'An earlier task, finished.'), live: false },
    ];
    const coverage = cutCoverage(facts, [
      statedProbe('c', 'constraint', 'never touch the generated files in src/gen/'),
      statedProbe('a', 'artifact', 'retry.ts created: retryBudget', { file: 'src/retry.ts' }),
      // The decision in the reader's words, derived as a state: the same fact under another label.
      statedProbe('s', 'state', 'The budget lives in the client, not a global setting.'),
      statedProbe('x', 'task', 'Port the project to Rust.'),
    ]);
    assert.deepEqual(
      coverage.facts.map((fact) => [fact.fact, fact.covered, fact.by]),
      [
        ['F1', true, 'c'],
        ['F2', true, 'a'],
        ['F3', true, 's'],
      ],
    );
    assert.deepEqual(
      coverage.probes.map((item) => [item.probe, item.precise, item.of]),
      [
        ['c', true, 'F1'],
        ['a', true, 'F2'],
        ['s', true, 'F3'],
        ['x', false, null],
      ],
    );
  });

  it('joins a probe to a fact of another kind only by its own words, kept whole, never by a shared path or command', () => {
    const facts = [
      liveFact(
        'D1',
        'decision',
        'Layout agreed with the user: tools go to core/tools, the theme to modes/theme, helpers to utils.',
      ),
      liveFact('A1', 'artifact', 'src/lib/session.ex: the shared panel component, with tests passing.'),
      liveFact('N1', 'next-step', 'Next: run `mix credo src/lib/session.ex` again, then commit.'),
      liveFact('C1', 'constraint', 'Keep the exported names stable for the plugin authors.'),
    ];
    const coverage = cutCoverage(facts, [
      // The user's layout, derived as a constraint: the decision D1 in the probe's words.
      statedProbe(
        'layout',
        'constraint',
        'The user set the layout: tools go to core/tools, the theme to modes/theme, helpers to utils.',
      ),
      // A check on a file the artifact names: the path, the command and "passing" are all it shares with A1 and N1.
      statedProbe('credo', 'state', '`mix credo src/lib/session.ex` passes'),
      // The file changed, as the artifact fact's file: across kinds a file's name alone is not the fact.
      statedProbe('file', 'task', 'Edit src/lib/session.ex'),
      // Half the constraint's words: across kinds a statement must be kept whole, not in part.
      statedProbe('names', 'decision', 'Renamed the exported helpers for clarity.'),
    ]);
    assert.deepEqual(
      coverage.probes.map((item) => [item.probe, item.of]),
      [
        ['layout', 'D1'],
        ['credo', null],
        ['file', null],
        ['names', null],
      ],
    );
    assert.deepEqual(
      coverage.facts.map((item) => [item.fact, item.by]),
      [
        ['D1', 'layout'],
        ['A1', null],
        ['N1', null],
        ['C1', null],
      ],
    );
  });

  it('joins a probe to a fact of another kind by most of its words on one line, not a part or words across lines', () => {
    const fact = (id: string, statement: string) => liveFact(id, 'decision', statement);
    const coverage = cutCoverage(
      [
        // The probe's words split over two lines, the first holding under half of them, come first ...
        fact(
          'D2',
          'The client keeps its retry budget in one module, reviewed by the platform team, and logs every attempt with its delay. Retries back off exponentially.\nThe cap is thirty seconds per request.',
        ),
        // ... and the same, on one line.
        fact(
          'D3',
          'The client keeps its retry budget in one module, reviewed by the platform team, and logs every attempt with its delay; retries back off exponentially, the cap thirty seconds per request.',
        ),
      ],
      [
        derivedProbe('state', {
          id: 'retries',
          facets: [['back off']],
          statement: 'Retries back off exponentially, capped at thirty seconds per request.',
        }),
      ],
    );
    assert.deepEqual(
      coverage.probes.map((item) => [item.probe, item.of]),
      [['retries', 'D3']],
    );
  });

  it('joins an artifact probe to a fact that names its file, a one-word name only as a word of its own', () => {
    const fact = (id: string, statement: string) => liveFact(id, 'artifact', statement);
    const probe = (id: string, file: string): Probe =>
      derivedProbe('artifact', { id, facets: [[file]], statement: `${file} changed`, file });
    const coverage = cutCoverage(
      [
        fact('P1', 'src/env.ts (createEnv) validates the Supabase keys and has no DATABASE_URL yet.'),
        fact('P2', 'The CRUD modules (create.ts and its siblings) wrap the Supabase builder.'),
        fact('P3', 'The settings page lists the pane list live view.'),
        fact('P4', 'The router forwards /api to the proxy.'),
      ],
      [
        probe('create', 'packages/services/src/create.ts'),
        probe('db', 'src/lib/db.ts'),
        probe('panes', 'lib/web/pane_list_live.ex'),
        probe('router', 'lib/web/router.ex'),
      ],
    );
    assert.deepEqual(
      coverage.facts.map((item) => [item.fact, item.by]),
      [
        // "createEnv" holds the stem of create.ts, and "DATABASE" the meaning of db.ts: neither names the file.
        ['P1', null],
        ['P2', 'create'],
        // A name of several words is named by those words in a row.
        ['P3', 'panes'],
        ['P4', 'router'],
      ],
    );
  });

  it('joins a probe no reading joins to a fact by two words rare in the session, not by words the session often uses', () => {
    const facts = [
      liveFact(
        'T1',
        'task',
        'Overall task: replace the heuristic checkpoint summary (first prompt, last reply) with a generated one. First cut, as the user asked: a targeted `app explain --generate` for one checkpoint (branch-wide generation deferred), produced by shelling out to the already-authenticated `claude` CLI rather than adding the Anthropic SDK, and persisted on the checkpoint.',
      ),
      liveFact(
        'C1',
        'constraint',
        'Run `mise run lint` in src/cli/ before each commit of the checkpoint work.',
      ),
      liveFact('S1', 'state', 'The checkpoint tests pass and the work is committed.'),
      liveFact('S2', 'state', 'A summary was generated for one checkpoint and shown with `--verbose`.'),
      liveFact(
        'E1',
        'error',
        'Open error: the build fails with a syntax error in checkpoint.go at line 407.',
      ),
    ];
    const probes = [
      // The task's how, in the agent's words: "Anthropic" and "SDK" are words the session says once.
      statedProbe(
        'shell',
        'constraint',
        'Instead of adding the Anthropic SDK and managing API keys, we shell out to the `claude` CLI:',
      ),
      // The same words, stated the other way.
      statedProbe(
        'no-shell',
        'decision',
        'Never shell out to the `claude` CLI; adding the Anthropic SDK is required.',
      ),
      // The task's command and flag only.
      statedProbe('flag', 'decision', '`app explain --generate` reads the config file first.'),
      // Four words of T1 and of the session's every other message ("checkpoint", "summary", "first", "prompt"), too few
      // of its own for the reading: no fact.
      statedProbe(
        'words',
        'decision',
        'The status page shows each checkpoint summary with its first prompt.',
      ),
      // Joined to C1 by the reading: it keeps that join, though it says "Anthropic SDK" too.
      statedProbe(
        'lint',
        'constraint',
        'Run `mise run lint` in src/cli/ before each commit, Anthropic SDK or not.',
      ),
    ];
    const asked = [
      user('Can we add the Anthropic SDK for this?'),
      assistant(
        'Instead of adding the Anthropic SDK and managing API keys, we shell out to the `claude` CLI:',
      ),
    ];
    // The session works on checkpoint summaries throughout: its common words are the task's subject.
    const onSummaries = session([
      ...asked,
      ...Array.from({ length: 24 }, (_, at) =>
        at % 2 === 0
          ? user(`Checkpoint ${at}: does its generated summary keep the first prompt?`)
          : assistant(`The summary of checkpoint ${at} keeps the first prompt and the last reply.`),
      ),
    ]);
    const joins = (history: readonly string[]) =>
      cutCoverage(facts, probes, history).probes.map((item) => [item.probe, item.of]);
    assert.deepEqual(joins(onSummaries.messages.map(messageText)), [
      ['shell', 'T1'],
      ['no-shell', null],
      ['flag', null],
      ['words', null],
      ['lint', 'C1'],
    ]);
    // What decides is the session, not the cut: where the session says those words once, they are as telling as
    // "Anthropic SDK", and the same probe joins T1.
    const elsewhere = session([
      ...asked,
      user('The status page shows each checkpoint summary with its first prompt.'),
      ...Array.from({ length: 24 }, (_, at) =>
        assistant(`Step ${at} done: the parser reads one more field.`),
      ),
    ]);
    assert.deepEqual(joins(elsewhere.messages.map(messageText)), [
      ['shell', 'T1'],
      ['no-shell', null],
      ['flag', null],
      ['words', 'T1'],
      ['lint', 'C1'],
    ]);
    // Under twenty messages a word's rarity is not read, and with no session neither.
    const short = session([
      ...asked,
      ...Array.from({ length: 10 }, (_, at) => assistant(`Step ${at} done.`)),
    ]);
    for (const history of [short.messages.map(messageText), []])
      assert.deepEqual(joins(history).slice(0, 1), [['shell', null]]);
  });

  it('joins a probe no fact of its kind joins to the fact of its kind citing the message it was drawn from, or the one next step naming its file', () => {
    const cited = (id: string, kind: string, statement: string, evidence: number[]): CalibrationFact => ({
      ...liveFact(id, kind, statement),
      evidence,
    });
    const facts = [
      cited(
        'T1',
        'task',
        'Overall task: collect every Claude Code conversation the user had, make it readable, keep it in a private repo.',
        [5, 9],
      ),
      cited(
        'C1',
        'constraint',
        'The old implementation must keep working beside the new one, so the user can compare them.',
        [12, 40],
      ),
      // Cites the same message, for another rule set there: no word of the probe.
      cited('C2', 'constraint', 'Tests are end-to-end only for the session class.', [12]),
      cited('A1', 'artifact', 'src/export.py: writes one Markdown file per session.', [20]),
      cited(
        'N1',
        'next-step',
        'Next: make app.rs compile (drop the text styling), rebuild, then screenshot the panel.',
        [50],
      ),
    ];
    const at = (probe: Probe, messageIndex: number): Probe => ({ ...probe, messageIndex });
    const probes = [
      at(
        statedProbe(
          'task',
          'task',
          'The user asked: I want a complete history of our chats from when I started.',
        ),
        1,
      ),
      at(statedProbe('old', 'constraint', 'can we make it so we keep the old code around for reference?'), 3),
      // Drawn from a message no fact cites.
      at(statedProbe('other', 'task', 'The user asked: rename the exported helpers for clarity.'), 2),
      // An artifact is joined by its file only.
      at(
        derivedProbe('artifact', {
          id: 'file',
          facets: [['src/tool.py']],
          statement: 'src/tool.py created',
          file: 'src/tool.py',
        }),
        4,
      ),
      at(statedProbe('next', 'next-step', 'Next: fix E0277 in app.rs, then run `cargo build` again.'), 6),
    ];
    // The transcript entry of messages 0-6.
    const entries = [0, 5, 7, 12, 20, 30, 45];
    const joins = (cutFacts: readonly CalibrationFact[], sources: readonly number[]) =>
      cutCoverage(cutFacts, probes, [], sources).probes.map((item) => [item.probe, item.of]);
    assert.deepEqual(joins(facts, entries), [
      ['task', 'T1'],
      ['old', 'C1'],
      ['other', null],
      ['file', null],
      ['next', 'N1'],
    ]);
    // Without the entries no word reading joins the first two (their words are others'), and the next step still
    // names app.rs.
    assert.deepEqual(joins(facts, []), [
      ['task', null],
      ['old', null],
      ['other', null],
      ['file', null],
      ['next', 'N1'],
    ]);
    // A fact that cites the message but says the rule the other way; a second next step, or one on another file.
    const turned = [
      cited(
        'C1',
        'constraint',
        'The old code is not kept around for reference: the user dropped that.',
        [12],
      ),
      ...facts.filter((fact) => fact.id !== 'C1'),
    ];
    assert.deepEqual(joins(turned, entries)[1], ['old', null]);
    const twoNext = [...facts, cited('N2', 'next-step', 'Then: release the applet.', [51])];
    assert.deepEqual(joins(twoNext, entries)[4], ['next', null]);
    const elsewhere = facts.map((fact) =>
      fact.id === 'N1'
        ? { ...fact, statement: 'Next: make panel.rs compile, then screenshot the panel.' }
        : fact,
    );
    assert.deepEqual(joins(elsewhere, entries)[4], ['next', null]);
  });

  it('joins an artifact probe to the facts that write its file in full, where one does; a dotfile only by its name', () => {
    const fact = (id: string, statement: string) => liveFact(id, 'artifact', statement);
    const probe = (id: string, file: string): Probe =>
      derivedProbe('artifact', { id, facets: [[file]], statement: `${file} changed`, file });
    const facts = [
      // "committed" and "settings" as words, the stems of committed.go and settings.go: other files' facts.
      fact('A1', 'src/sync.go: every committed checkpoint is read back from the settings branch.'),
      fact('A2', 'src/committed.go: UpdateSummary writes the summary back as a new commit.'),
      fact('A3', 'The settings page reads the theme from the repo .gitignore_global list.'),
    ];
    const coverage = cutCoverage(facts, [
      probe('committed', 'src/committed.go'),
      probe('settings', 'src/settings.go'),
      probe('ignore', '.gitignore'),
    ]);
    assert.deepEqual(
      coverage.probes.map((item) => [item.probe, item.of]),
      [
        // A2 writes committed.go: that is the file's fact, not A1's word "committed".
        ['committed', 'A2'],
        // No fact writes settings.go: its stem as a word of its own still names it (as "the router" does).
        ['settings', 'A1'],
        // ".gitignore" has no stem; ".gitignore_global" is another file.
        ['ignore', null],
      ],
    );
    assert.deepEqual(
      coverage.facts.map((item) => [item.fact, item.by]),
      [
        ['A1', 'settings'],
        ['A2', 'committed'],
        ['A3', 'settings'],
      ],
    );
  });

  it(
    "sets the benchmark's own headline (derived probes on summary + tail) beside the reader, kind-balanced on both sides",
    { skip: REAL_SESSIONS_SKIP },
    () => {
      const at628 = (name: string) =>
        withShared.summaries.find(
          (summary) => summary.cut === 'pi-before-compaction-628' && summary.summary === name,
        )!;
      for (const name of ['recorded', 'empty', 'paths-only', 'handoff-faithful'])
        assert.equal(typeof at628(name).derivedWithTail, 'number', name);
      // The tail alone keeps what it states; a summary that keeps more scores more; a path list adds nothing.
      assert.ok(at628('recorded').derivedWithTail! > at628('empty').derivedWithTail!);
      assert.equal(at628('paths-only').derivedWithTail, at628('empty').derivedWithTail);
      assert.ok(withShared.splits.tuning.derived.summaries > 0);
      assert.ok(withShared.splits.tuning.coverage.all.whole > 0);
      for (const summary of withoutShared.summaries) assert.equal(summary.derivedWithTail, null);
      assert.equal(withoutShared.splits.tuning.derived.summaries, 0);
      assert.equal(withoutShared.splits.tuning.coverage.all.whole, 0);
    },
  );

  it('skips, visibly, what needs a transcript that is absent', () => {
    const skipped = withoutShared.skipped;
    assert.ok(
      skipped.some((entry) => entry.cut === 'pi-before-compaction-359' && /is absent/.test(entry.reason)),
    );
    assert.ok(
      skipped.some((entry) => entry.cut === 'pi-before-compaction-359' && entry.summary === 'truncate'),
    );
    assert.ok(
      skipped.some(
        (entry) => entry.cut === 'claude-code-spotter-fum-713' && /--transcripts/.test(entry.reason),
      ),
    );
    assert.ok(withoutShared.summaries.every((summary) => summary.toolWithTail === null));
  });

  it(
    "rebuilds a Codex cut's transcript-text summaries as they were labelled (../public-sessions/)",
    { skip: existsSync(PUBLIC) ? false : `no ${PUBLIC} beside the repository` },
    async () => {
      const cut = JSON.parse(await readFile(join(CUTS, 'codex-agentcmd-teams-747.json'), 'utf8')) as {
        session: { path: string; sha256: string; format: string };
        summaries: Array<{
          id: string;
          extract?: { rule: string; entries: { from: number; to: number }; sha256: string };
        }>;
      };
      const file = join(PUBLIC, 'jnarowski', 'agentcmd', cut.session.path);
      const read = await readTranscriptEntries(file, cut.session.sha256, cut.session.format);
      assert.ok('entries' in read, 'the labelled transcript');
      for (const summary of cut.summaries.filter((each) => each.extract)) {
        const { rule, entries, sha256 } = summary.extract!;
        const text = entriesText(read.entries, entries, rule === 'user-messages-verbatim');
        assert.equal(createHash('sha256').update(text).digest('hex'), sha256, summary.id);
      }
    },
  );

  it('does not trust a transcript whose sha256 is not the labelled one', async () => {
    const cut = JSON.parse(await readFile(join(CUTS, 'pi-before-compaction-359.json'), 'utf8')) as {
      session: { root: string; path: string };
    };
    const cuts = join(directory.path, 'cuts-sha');
    await mkdir(cuts, { recursive: true });
    cut.session.root = 'shared/';
    await writeFile(join(cuts, 'one.json'), JSON.stringify(cut));
    await mkdir(join(directory.path, 'shared', 'pi'), { recursive: true });
    await writeFile(join(directory.path, 'shared', cut.session.path), '{"type":"message"}\n');
    const result = await calibrate({ cutsDirectory: cuts, repositoryRoot: directory.path });
    assert.match(result.skipped[0]!.reason, /has sha256 [0-9a-f]{8}…, not the labelled 56f9cf22…/);
    assert.ok(result.summaries.every((summary) => summary.summary !== 'truncate'));
  });

  it('reads an artifact fact in part where a summary names its file in prose, not in a path list or an error line', async () => {
    const cuts = join(directory.path, 'cuts-artifact');
    await mkdir(cuts, { recursive: true });
    const statement =
      'lib/retry.ts (new): retryBudget(attempts) stops retrying once the attempts are spent and sleeps 200 ms between tries; exported from index.ts.';
    const summaries = {
      brief: 'lib/retry.ts caps how often the client tries again.',
      paths: 'lib/retry.ts\nlib/index.ts',
      bag: 'retry.ts, retryBudget, attempts, index.ts',
      failed: "lib/retry.ts(3,4): error TS2304: Cannot find name 'sleep'.",
      removed: 'lib/retry.ts was removed again.',
    };
    const cut = {
      schemaVersion: 1,
      id: 'artifact-in-part',
      split: 'tuning',
      session: { path: 'absent.jsonl', format: 'pi', sha256: '0'.repeat(64) },
      cut: { summarizedEntries: { from: 0, to: 1 }, keptTail: null },
      facts: [{ id: 'F1', kind: 'artifact', live: true, statement, inKeptTail: 'lost' }],
      summaries: Object.entries(summaries).map(([id, text]) => ({
        id,
        source: 'handoff',
        text,
        labels: { F1: { label: id === 'brief' ? 'partial' : 'lost' } },
      })),
    };
    await writeFile(join(cuts, 'cut.json'), JSON.stringify(cut));
    const result = await calibrate({ cutsDirectory: cuts, repositoryRoot: directory.path });
    const tool = Object.fromEntries(
      result.summaries.map((summary) => [summary.summary, summary.facts[0]!.tool]),
    );
    assert.deepEqual(tool, { brief: 'partial', paths: 'lost', bag: 'lost', failed: 'lost', removed: 'lost' });
  });

  it('reports a malformed cut file as an input error naming it', async () => {
    const cuts = join(directory.path, 'cuts-bad');
    await mkdir(cuts, { recursive: true });
    await writeFile(join(cuts, 'bad.json'), JSON.stringify({ schemaVersion: 1, id: 'x' }));
    await assert.rejects(
      calibrate({ cutsDirectory: cuts, repositoryRoot: ROOT }),
      (error: unknown) => error instanceof InputError && error.message.startsWith(join(cuts, 'bad.json')),
    );
  });
});
