/**
 * A faithful handoff stated false keeps no partial credit (issue 39): each tuning cut's faithful handoff
 * (calibration/cuts/), every sentence rewritten "It is false that …" or "… was not done", and every sentence of done
 * work put as "… is still to do", scored alone on the probes `compare` derives at the cut (in-process, as `calibrate`
 * does). No probe keeps a part of itself, nor an artifact its file, by words said inside those sentences: the
 * statement's part, the file named in prose, the subject mentioned (stance.ts reads the sentence). Stated false or not
 * done, each task, decision and number the handoff kept is counted contradicted, and no state stated plainly (its
 * facets hold no negation of their own: denied-other-words.ts) is kept; in every form, every artifact the handoff kept
 * is counted contradicted, its file said not written (artifact-denied.ts), but the few listed in
 * ARTIFACTS_NOT_CONTRADICTED; put as still to do, no done work stated plainly is kept (but DONE_WORK_KEPT), while a
 * wait or negation of a fact's own kept so is right (the wait agrees with it; one contradicted is a TODO). Every sentence denied twice ("It is false that … was not
 * done") is affirmed: each task, decision, number and error the handoff kept whole it keeps. That every probe the handoff kept is also counted contradicted is not met yet for every
 * kind on every cut: the probes of the other kinds still kept or only lost are a TODO with their ids. Cuts whose
 * transcript is absent (../public-sessions/, as in CI) are skipped visibly.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { transcriptPath } from '../../src/calibration/cut-sources.ts';
import type { CalibrationCut } from '../../src/calibration/cuts.ts';
import { headlineScorer } from '../../src/calibration/headline.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { PROBE_STATEMENT_THRESHOLDS, scoreProbes } from '../../src/quality/probe-recall.ts';
import { indexStatements, statementLabel } from '../../src/quality/statement-match.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import { DONE_KINDS } from '../../src/quality/stance.ts';
import { plainDoneWork, statedPlainly } from '../../src/quality/own-stance.ts';
import { PUBLIC_SESSIONS_ROOT } from '../helpers/public-sessions.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// A sentence of a line: up to `.`, `!` or `?` (closing marks after it, "**Next.**") before a space or the line's end;
// `main.go` and `a0y.4` go on.
const SENTENCE = /(?:[^.!?]|[.!?]+(?![*_`'")\]]*(?:\s|$)))+(?:[.!?]+[*_`'")\]]*(?=\s|$))?/g;
// A list item's marker, kept outside the rewritten sentence.
const MARKER = /^\s*(?:[-*]|\d+\.)\s+/;

/** `text` with every sentence rewritten by `form` (given the sentence without its end mark), line by line. */
function everySentence(text: string, form: (sentence: string) => string): string {
  return text
    .split('\n')
    .map((line) => {
      const marker = MARKER.exec(line)?.[0] ?? '';
      const sentences = (line.slice(marker.length).match(SENTENCE) ?? [])
        .map((sentence) => sentence.trim())
        .filter((sentence) => sentence.length > 0);
      return (
        marker + sentences.map((sentence) => form(sentence.replace(/[.!?:]+(?=[*_`'")\]]*$)/, ''))).join(' ')
      );
    })
    .join('\n');
}

const lowerFirst = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

/**
 * The forms, the kinds of probe each states the other way ("… is still to do" only done work), and whether it
 * denies the whole of each sentence (so every task, decision and number kept is contradicted, and no state stated
 * plainly kept).
 */
const FORMS = [
  {
    name: 'false',
    form: (sentence: string) => `It is false that ${lowerFirst(sentence)}.`,
    kinds: undefined,
    denies: true,
  },
  {
    name: 'not done',
    form: (sentence: string) => `${sentence} was not done.`,
    kinds: undefined,
    denies: true,
  },
  {
    name: 'still to do',
    form: (sentence: string) => `${sentence} is still to do.`,
    kinds: DONE_KINDS,
    denies: false,
  },
] as const;

// A denial of a denial: every sentence affirmed again ("It is false that the retry budget was not done").
const affirmed = (sentence: string) => `It is false that ${sentence} was not done.`;
// Kinds whose every probe the handoff kept whole is kept where each sentence is so affirmed (round s38, D160).
const AFFIRMED_KINDS: ReadonlySet<string> = new Set(['task', 'decision', 'number', 'error']);

// Kinds whose every probe the handoff kept is counted contradicted by a denial of each sentence.
const CONTRADICTED_KINDS: ReadonlySet<string> = new Set(['task', 'decision', 'number']);

/**
 * The artifacts a negated handoff still does not contradict (rounds s36 D148, s37 D155), by cut and form, each with its
 * outcome; the check fails when one of them turns contradicted too, so the list stays what is left. Why, in
 * docs/calibration-history.md (round s37, D155).
 */
const ARTIFACTS_NOT_CONTRADICTED: Record<string, Record<string, string[]>> = {
  'claude-code-entire-explain-988': {
    'still to do': ['artifact@72 matched'],
  },
  'claude-code-entire-overlap-584': {
    'not done': ['artifact@11 matched'],
    'still to do': ['artifact@11 matched'],
  },
  'claude-code-entire-wingman-638': {
    'not done': ['artifact@93 matched'],
  },
  'claude-code-mclaude-export-614': {
    false: ['artifact@228 missed'],
    'not done': ['artifact@228 missed'],
    'still to do': ['artifact@228 missed'],
  },
  'claude-code-spotter-dov-753': {
    'still to do': ['artifact@21 missed'],
  },
  'codex-agentcmd-prisma-514': {
    false: ['artifact@170-3 missed'],
  },
  // Round s40 (D170), a cut of the spent blind set: "file/derive-ipns.ts: new async generateFileIpnsKeypair() = … is
  // still to do" keeps nothing of the file (missed, no credit), but the wait at the end of a sentence that opens with
  // the file's label and an assignment is not read as said of the file.
  'claude-code-cipherbox-ipnskeys-540': {
    'still to do': ['artifact@37 missed'],
  },
  // Round s40 (D167's tracker items): a tracker item's title is itself work to do ("av-2il.1: define native OTLP
  // collector and storage contract"), so "… is still to do" says of its work what its title says, and denies no item made.
  'codex-agentv-frontend-535': {
    'still to do': ['artifact@130 matched'],
  },
};

/**
 * Facts the handoff kept whole that are themselves a wait or a negation of their own (own-stance.ts: "Proposed: …", "the
 * edits are not committed yet", "lint fails", "a test … has not been written"), put as still to do: the wait agrees with
 * them ("Nothing was committed in this session is still to do" says the commit is yet to come), so kept they are right,
 * and "… is still to do" is to contradict only done work stated plainly (round s38, D160); one contradicted is a TODO.
 */
function waitsOfTheirOwn(probe: Probe): boolean {
  return probe.kind !== 'artifact' && !plainDoneWork(probe);
}

/**
 * The done work stated plainly (a state or a decision with no negation or wait of its own: denied-other-words.ts
 * `plainDoneWork`) that the handoff kept whole and still keeps where each sentence is put as still to do (round s37,
 * D155): prstack's "both stay log-and-continue" stands in a sentence whose final wait follows a participle ("…, already
 * covered in chunking_test.go is still to do"), read as a subject of its own.
 */
const DONE_WORK_KEPT: Record<string, string[]> = {
  'claude-code-entire-prstack-774': ['decision@243'],
};

// Read as the tests register (no top-level await); readCuts's checks of these files are calibrate's own tests'.
const CUTS = `${ROOT}calibration/cuts`;
const cuts = readdirSync(CUTS)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(CUTS, name), 'utf8')) as CalibrationCut)
  .filter((cut) => cut.split === 'tuning');

describe('a faithful handoff stated false', () => {
  it('rewrites each sentence of a line, not the dots inside names', () => {
    assert.equal(
      everySentence(
        '**Next.** Run `mix compile` in main.go. Then commit.\n- a.ts: done',
        (sentence) => `<${sentence}>`,
      ),
      '<**Next**> <Run `mix compile` in main.go> <Then commit>\n- <a.ts: done>',
    );
  });

  it('keeps a part said in an affirmed sentence, and none said in one that denies it', () => {
    const statement =
      'OnPromptStart checks the worktree against the shadow branch and sets ShouldResetShadowBranch when no files overlap';
    const label = (text: string) =>
      statementLabel(indexStatements(text), statement, PROBE_STATEMENT_THRESHOLDS);
    assert.equal(label('OnPromptStart checks the worktree at every prompt.'), 'partial');
    assert.equal(
      label('OnPromptStart checks the worktree at every prompt. The old setting was not migrated.'),
      'partial',
    );
    assert.equal(label('It is false that OnPromptStart checks the worktree at every prompt.'), 'lost');
    assert.equal(label('OnPromptStart checks the worktree at every prompt was not done.'), 'lost');
    assert.equal(
      label('The tests pass. It is false that OnPromptStart checks the worktree at every prompt.'),
      'lost',
    );
  });

  for (const cut of cuts) {
    const path = transcriptPath(cut, { repositoryRoot: ROOT, transcriptsDirectory: PUBLIC_SESSIONS_ROOT });
    const faithful = cut.summaries.find((summary) => summary.id === 'handoff-faithful')?.text;
    const skip =
      path === undefined || !existsSync(path)
        ? `no transcript of ${cut.id} beside the repository`
        : faithful === undefined
          ? `${cut.id} has no faithful handoff`
          : false;
    it(`${cut.id}: keeps no part of a fact said false, not done or still to do`, { skip }, async (t) => {
      const scorer = await headlineScorer(cut, path!);
      const live = scorer.probes.filter(isLive);
      const kept = scoreProbes(createMatcher(faithful!), scorer.probes).probeOutcomes;
      const keptWhole = new Set(
        live.filter((probe) => kept[probe.id] === 'matched').map((probe) => probe.id),
      );
      const shortfalls: string[] = [];
      const artifacts: Record<string, string[]> = {};
      for (const { name, form, kinds, denies } of FORMS) {
        const outcomes = scoreProbes(
          createMatcher(everySentence(faithful!, form)),
          scorer.probes,
        ).probeOutcomes;
        // Done work put as still to do; a step the handoff itself put as one to take ("Run `mix compile`", half a
        // check's state) is the same sentence still to do, and keeps what it kept.
        const asked = live.filter(
          (probe) => kinds === undefined || (kinds.has(probe.kind) && kept[probe.id] !== 'partial'),
        );
        const partial = asked.filter((probe) => outcomes[probe.id] === 'partial').map((probe) => probe.id);
        assert.deepEqual(partial, [], `${cut.id}: partial where every sentence is stated ${name}`);
        if (!denies) {
          // A wait of its own put as still to do is what the handoff said; one not kept so is a TODO.
          const waitsLost = asked
            .filter((probe) => keptWhole.has(probe.id) && waitsOfTheirOwn(probe))
            .filter((probe) => outcomes[probe.id] !== 'matched')
            .map((probe) => `${probe.id} ${outcomes[probe.id]}`);
          if (waitsLost.length > 0)
            shortfalls.push(`${name}, a wait of its own not kept: ${waitsLost.join(', ')}`);
          const stillKept = asked
            .filter((probe) => keptWhole.has(probe.id) && probe.kind !== 'artifact' && plainDoneWork(probe))
            .filter((probe) => outcomes[probe.id] === 'matched')
            .map((probe) => probe.id);
          assert.deepEqual(
            stillKept,
            DONE_WORK_KEPT[cut.id] ?? [],
            `${cut.id}: done work kept where stated ${name}`,
          );
        }
        if (denies) {
          const uncontradicted = asked
            .filter((probe) => keptWhole.has(probe.id) && CONTRADICTED_KINDS.has(probe.kind))
            .filter((probe) => outcomes[probe.id] !== 'contradicted')
            .map((probe) => `${probe.id} ${outcomes[probe.id]}`);
          assert.deepEqual(uncontradicted, [], `${cut.id}: not contradicted where stated ${name}`);
          const stillKept = asked
            .filter((probe) => keptWhole.has(probe.id) && probe.kind === 'state' && statedPlainly(probe))
            .filter((probe) => outcomes[probe.id] === 'matched')
            .map((probe) => probe.id);
          assert.deepEqual(stillKept, [], `${cut.id}: a state kept where stated ${name}`);
        }
        const notContradicted = asked.filter(
          (probe) =>
            kept[probe.id] === 'matched' &&
            outcomes[probe.id] !== 'contradicted' &&
            (denies || !waitsOfTheirOwn(probe)),
        );
        const listed = (probes: typeof asked) => probes.map((probe) => `${probe.id} ${outcomes[probe.id]}`);
        const files = listed(notContradicted.filter((probe) => probe.kind === 'artifact'));
        if (files.length > 0) artifacts[name] = files;
        const others = listed(notContradicted.filter((probe) => probe.kind !== 'artifact'));
        if (others.length > 0) shortfalls.push(`${name}: ${others.join(', ')}`);
      }
      // Each sentence denied twice is affirmed: what the handoff kept whole, it keeps.
      const again = scoreProbes(
        createMatcher(everySentence(faithful!, affirmed)),
        scorer.probes,
      ).probeOutcomes;
      const keptWholeProbes = live.filter((probe) => keptWhole.has(probe.id));
      assert.deepEqual(
        keptWholeProbes
          .filter((probe) => AFFIRMED_KINDS.has(probe.kind) && again[probe.id] !== 'matched')
          .map((probe) => `${probe.id} ${again[probe.id]}`),
        [],
        `${cut.id}: not kept where every sentence is denied twice`,
      );
      const notAffirmed = keptWholeProbes
        .filter((probe) => !AFFIRMED_KINDS.has(probe.kind) && again[probe.id] !== 'matched')
        .map((probe) => `${probe.id} ${again[probe.id]}`);
      if (notAffirmed.length > 0) shortfalls.push(`denied twice, not kept: ${notAffirmed.join(', ')}`);
      assert.deepEqual(
        artifacts,
        ARTIFACTS_NOT_CONTRADICTED[cut.id] ?? {},
        `${cut.id}: the files the handoff kept, not contradicted where every sentence is stated false, not done or still to do`,
      );
      if (shortfalls.length > 0) t.todo(`kept by the handoff, not contradicted: ${shortfalls.join('; ')}`);
    });
  }
});
