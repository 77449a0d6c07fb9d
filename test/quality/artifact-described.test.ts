/**
 * An artifact kept in other words (src/quality/artifact-described.ts): its file named with a word of what it now is in
 * the same clause. Attacked with what must not pass: a path list, an identifier bag, the description denied, the
 * words on another line, the file left out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describesArtifact, namesArtifactInProse } from '../../src/quality/artifact-described.ts';
import { draftProbes } from '../../src/quality/derive/derive.ts';
import {
  callsTools,
  derivedProbe,
  session,
  toolCall,
  toolResult,
  user as factoryUser,
} from '../helpers/factories.ts';
import { indexMeaning } from '../../src/quality/meaning.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { cpuTime } from '../helpers/cpu-time.ts';

// As derived from pi's session: the plan document, whose commit restated the user's request, so it has no statement.
const plan: Probe = {
  id: 'artifact@20',
  kind: 'artifact',
  question: 'What did the edits to refactor.md introduce, and what does it do?',
  answer: 'packages/coding-agent/docs/refactor.md now has the section "Coding Agent Refactoring Plan"',
  facets: [['refactor.md'], ['Coding Agent Refactoring Plan']],
  contradictions: [],
  source: 'derived',
  file: 'packages/coding-agent/docs/refactor.md',
};

const described = (text: string, probe: Probe = plan) => describesArtifact(indexMeaning(text), probe);

/** An artifact probe as derived for an edit whose one new definition is `session_status_badge`, of `what` kind. */
function definitionProbe(file: string, what: string): Probe {
  const name = file.split('/').pop()!;
  return {
    id: 'artifact@272',
    kind: 'artifact',
    question: `What did the edits to ${name} introduce?`,
    answer: `${file} now has ${what} session_status_badge`,
    facets: [[name], [what]],
    contradictions: [],
    source: 'derived',
    file,
    statement: `${name} changed: ${what} session_status_badge`,
  };
}

describe('an artifact kept in other words', () => {
  it('keeps the file named with a word of what it is, in the same clause', () => {
    assert.equal(
      described('The plan lives in packages/coding-agent/docs/refactor.md and is up to date.'),
      true,
    );
    assert.equal(
      probeOutcome(createMatcher('- the plan is docs/refactor.md (work packages with checkboxes)'), plan),
      'matched',
    );
  });

  it('keeps nothing of a path list, an identifier bag or the file alone', () => {
    assert.equal(described('packages/coding-agent/docs/refactor.md\nsrc/core/agent-session.ts'), false);
    assert.equal(described('refactor.md, plan, AgentSession, codingAgent, WP1'), false);
    // A dotted identifier is code, not prose: `plan.refactor` names no plan in words.
    assert.equal(described('docs/refactor.md, plan.refactor_state, Refactor.Plan'), false);
    assert.equal(described('docs/refactor.md was touched.'), false);
    assert.equal(probeOutcome(createMatcher('refactor.md, plan, coding, agent'), plan), 'missed');
  });

  it('keeps nothing when the description is denied, on another line, or said of another file', () => {
    assert.equal(described('docs/refactor.md is no plan'), false);
    assert.equal(described('docs/refactor.md was touched.\nThe plan is still open.'), false);
    assert.equal(described('The plan lives in docs/notes.md.'), false);
  });

  it('counts "created" for a file the agent made, but not words any edit has', () => {
    const executor: Probe = {
      ...plan,
      id: 'artifact@61',
      file: 'src/core/bash-executor.ts',
      facets: [['bash-executor.ts'], ['unified bash execution']],
      statement: 'bash-executor.ts: WP1: Create bash-executor.ts with unified bash execution',
    };
    assert.equal(described('- `bash-executor.ts` created (`src/core/bash-executor.ts`)', executor), true);
    assert.equal(described('- `bash-executor.ts` updated in a new commit', executor), false);
    // A probe whose statement the guard took, told only by the agent's words that it wrote the file: the file was made.
    const written: Probe = {
      ...plan,
      id: 'artifact@460',
      file: 'src/modes/interactive/interactive-mode.ts',
      facets: [['interactive-mode.ts'], ['write the new file']],
    };
    assert.equal(
      described(
        'Ticked and committed: core/agent-session.ts, modes/interactive/interactive-mode.ts.',
        written,
      ),
      true,
    );
    assert.equal(described('Updated: modes/interactive/interactive-mode.ts.', written), false);
  });

  it('is not told by a generic word its description shares with a gloss ("code" of "Setup Code Quality Tools")', () => {
    // As derived from spotter's subagent session: a plan document told by its heading.
    const quality: Probe = {
      ...plan,
      id: 'artifact@18',
      file: '/home/marco/projects/spotter/plan.md',
      answer: 'plan.md now has the section "Plan: Setup Code Quality Tools (Credo, Dialyxir, mix_audit)"',
      facets: [['plan.md'], ['Setup Code Quality Tools']],
      statement: 'plan.md now has the section "Plan: Setup Code Quality Tools (Credo, Dialyxir, mix_audit)"',
    };
    assert.equal(
      described('plan.md: holds relevant project source code and its configuration.', quality),
      false,
    );
    assert.equal(described('plan.md: the related code and its configuration.', quality), false);
    // Its distinctive words, in other words around them, tell it.
    assert.equal(described('plan.md: how to set up Credo and Dialyxir', quality), true);
    assert.equal(described('- plan.md: quality tools to install next', quality), true);
  });

  it('is not told by words the text says alike of several files (a gloss pasted after each)', () => {
    const one = '- docs/refactor.md: the plan of the whole effort';
    assert.equal(described(one), true);
    assert.equal(described(`${one}\n- src/core/agent-session.ts: the plan of the whole effort`), false);
    // Each file told in its own words keeps its own.
    assert.equal(described(`${one}\n- src/core/agent-session.ts: the session class the modes share`), true);
    // The same file told twice alike is still told.
    assert.equal(described(`${one}\n\nLater: docs/refactor.md: the plan of the whole effort`), true);
  });

  it('reads a file that labels a clause by that clause ("refactor.md: the plan"), but not the next item of a list', () => {
    assert.equal(described('- docs/refactor.md: the refactoring plan, with work packages'), true);
    assert.equal(described('docs/refactor.md, plan.md: notes'), false);
    assert.equal(described('- docs/refactor.md: src/a.ts'), false);
  });

  it('reads a list item by the clause its list hangs from, and only that list', () => {
    // As derived from pi's session: a file the agent created, told by its commit.
    const printMode: Probe = {
      ...plan,
      id: 'artifact@261',
      file: 'src/modes/print-mode.ts',
      facets: [['print-mode.ts'], ['WP11']],
      statement: 'print-mode.ts: WP11: Create print-mode.ts',
    };
    const made = (text: string) => described(text, printMode);
    assert.equal(
      made('Packages 1–14 are done and committed: core/agent-session.ts, modes/print-mode.ts.'),
      true,
    );
    assert.equal(made('Finished so far:\n- core/agent-session.ts (885 lines)\n- modes/print-mode.ts'), true);
    assert.equal(made('- `print-mode.ts` written from scratch'), true);
    // A path list, a list under a heading without a colon, a list after the sentence ended, words of a change.
    assert.equal(made('core/agent-session.ts\nmodes/print-mode.ts'), false);
    assert.equal(made('## Done\n- core/agent-session.ts\n- modes/print-mode.ts'), false);
    assert.equal(made('Packages 1–14 are done. Files: core/agent-session.ts, modes/print-mode.ts'), false);
    // The lead-in is its whole sentence up to the colon (pi's terse handoff: "Done & committed WP1–14, check green:").
    assert.equal(
      made('- Done & committed WP1–14, check green: core/agent-session.ts, modes/print-mode.ts.'),
      true,
    );
    assert.equal(
      made('- WP1–14 are reviewed. Check green: core/agent-session.ts, modes/print-mode.ts.'),
      false,
    );
    assert.equal(made('Finished so far:\n- a.ts\nOpen files:\n- modes/print-mode.ts'), false);
    assert.equal(made('- `print-mode.ts` updated in a new commit'), false);
    assert.equal(made('Not committed yet: modes/print-mode.ts'), false);
    // A file that was changed, not made, is not told by being finished: it needs what changed.
    const changed: Probe = { ...printMode, statement: 'print-mode.ts changed: retries with backoff' };
    assert.equal(described('Done and committed: modes/print-mode.ts', changed), false);
    assert.equal(described('Done: modes/print-mode.ts now retries with backoff', changed), true);
  });

  it('reads a definition the file now holds, named on its line in a clause that says something of it', () => {
    // As derived from a Claude Code session of an Elixir project (spotter-a0y): the edit's one new definition.
    const badge = definitionProbe('lib/spotter_web/live/pane_list_live.ex', 'component function');
    // The faithful handoff's line: the module labels it, the definition (with its arity) is told in prose.
    const handoff =
      '- `PaneListLive`: on connect it subscribes to "session_activity"; a Status column in the table of visible ' +
      'sessions renders the new `session_status_badge/1` component (active / inactive / ended).';
    assert.equal(described(handoff, badge), true);
    assert.equal(probeOutcome(createMatcher(handoff), badge), 'matched');
    // An identifier bag, a path list, an error line, the definition gone, or named on another line: not kept.
    assert.equal(
      described('PaneListLive, session_status_badge/1, active_status_map, handle_info', badge),
      false,
    );
    assert.equal(described('lib/spotter_web/live/pane_list_live.ex\nsession_status_badge/1', badge), false);
    assert.equal(
      described(
        'pane_list_live.ex:42: error: undefined function session_status_badge/1 (expected a component)',
        badge,
      ),
      false,
    );
    assert.equal(
      described('PaneListLive: the session_status_badge/1 component was removed again.', badge),
      false,
    );
    assert.equal(
      described(
        'PaneListLive subscribes on connect.\nIt renders the session_status_badge/1 component.',
        badge,
      ),
      false,
    );
  });

  it('reads a definition a terse note writes as a call, with its prose after it on the line', () => {
    // As a terse handoff of a Go session (entire sessions-821) writes a test file: the definition as a call, the file
    // labels the line, what it does in the parentheses after it (a clause of their own).
    const badge = definitionProbe('cmd/cli/session/session_test.go', 'test function');
    const terse =
      '- Tests: session/session_test.go session_status_badge (today-dated; same ID after Save via NewStateStore).';
    assert.equal(described(terse, badge), true);
    assert.equal(probeOutcome(createMatcher(terse), badge), 'matched');
    // Without the prose, with it denied or failing, before the name, or far off on the line: not kept.
    assert.equal(
      described('- session/session_test.go: today-dated, same ID after Save: session_status_badge', badge),
      false,
    );
    assert.equal(
      described('- session/session_test.go session_status_badge (NewStateStore, Save)', badge),
      false,
    );
    assert.equal(
      described('- session/session_test.go session_status_badge (not today-dated; never the same ID)', badge),
      false,
    );
    assert.equal(
      described('session_test.go: session_status_badge (undefined: build failed on this line)', badge),
      false,
    );
    // An identifier bag whose hyphenated items read as prose (as the python-to-rust session's bag has them).
    assert.equal(
      described(
        'session_test.go, test_session_status_badge_empty, system-reminder, math_utils.rs, ValueError',
        badge,
      ),
      false,
    );
    assert.equal(
      described(
        'session_test.go session_status_badge, alpha_one, beta_two, gamma_three, delta_four, eps_five, zeta_six (today-dated; same ID after Save)',
        badge,
      ),
      false,
    );
  });

  it('reads a name the edits added that the statement does not list, as its answer lists them', () => {
    // As derived at spotter-a0y's compaction: a worker told by its commit, the names its edits added in the answer.
    const worker: Probe = {
      ...plan,
      id: 'artifact@207',
      file: 'lib/spotter/services/transcript_tail_worker.ex',
      question: 'What did the agent change in transcript_tail_worker.ex, and why?',
      answer:
        'lib/spotter/services/transcript_tail_worker.ex: created in the commit "feat: add transcript tail adapter ' +
        '(spotter-a0y.3)" (it added `TranscriptTailWorker`, `start_link`, `schedule_flush`, `sync_session_file`)',
      facets: [['transcript_tail_worker.ex'], ['add transcript tail adapter']],
      statement:
        'transcript_tail_worker.ex created for spotter-a0y.3: start_link — add transcript tail adapter',
    };
    // A terse note: the module named as the file, a name the edits added, what it does after it on the line.
    const terse =
      '- .3 worker: TranscriptTailWorker GenServer, port data → schedule_flush debounces 500 ms then calls sync';
    assert.equal(described(terse, worker), true);
    assert.equal(probeOutcome(createMatcher(terse), worker), 'matched');
    // What it returns on failure is said after its description: the description still tells it.
    assert.equal(
      described(
        'TranscriptTailWorker: schedule_flush waits for quiet port data, then syncs → {:error, :not_found} if gone',
        worker,
      ),
      true,
    );
    // The names alone, on a path list's line, on an error line, or taken back: nothing.
    const nothing = [
      'transcript_tail_worker.ex, TranscriptTailWorker, schedule_flush, sync_session_file, start_link',
      'lib/spotter/services/transcript_tail_worker.ex\nschedule_flush',
      'transcript_tail_worker.ex:40: error: undefined function schedule_flush/1 (module not loaded)',
      'TranscriptTailWorker: schedule_flush was removed again with its debounce timer',
    ];
    for (const text of nothing) assert.equal(described(text, worker), false, text);
    // A name holding the file's own name (`EntireSettings` of settings.go) is no definition that tells it: a line of
    // code naming it names the file by the same words.
    const settings: Probe = {
      ...worker,
      file: 'cmd/cli/settings/settings.go',
      answer:
        'cmd/cli/settings/settings.go: changed in the commit "feat: wingman" (it added `EntireSettings`)',
      facets: [['settings.go'], ['wingman review']],
      statement: 'settings.go changed: wingman review',
    };
    assert.equal(
      described('128→func mergeJSON(settings *EntireSettings, data []byte, raw bytes) error', settings),
      false,
    );
  });

  it('stays linear when a long kept tail names the file and the definition on thousands of lines', async () => {
    const probe = definitionProbe('src/session.ts', 'helper function');
    // Every line names both, as a list: 20,000 × 20,000 pairs took 33 s when each name looked for the other.
    const lines = Array.from(
      { length: 20_000 },
      (_, at) => `session.ts line ${at}, session_status_badge, status`,
    );
    const index = indexMeaning(lines.join('\n'));
    const many = await cpuTime(() => describesArtifact(index, probe));
    assert.equal(many.value, false);
    assert.ok(many.milliseconds < 3000, `${Math.round(many.milliseconds)} ms of CPU`);
    // One clause of 40,000 terms naming the file with a word of it 20,000 times, and at its end a word that takes
    // it back: each clause is read once (reading it for every name took 2.5 minutes).
    const clause = indexMeaning(
      `${Array.from({ length: 20_000 }, () => 'session.ts helper').join(' ')} removed`,
    );
    const once = await cpuTime(() => describesArtifact(clause, probe));
    assert.equal(once.value, false);
    assert.ok(once.milliseconds < 3000, `${Math.round(once.milliseconds)} ms of CPU`);
  });

  it('reads a function with its arity as its name, not as a path', () => {
    const terms = (text: string) => {
      const index = indexMeaning(text);
      return index.slice(0, index.length).map((term) => `${term.term}${term.name ? '(n)' : ''}`);
    };
    assert.deepEqual(terms('calls start_session/2'), ['call', 'start(n)', 'session(n)']);
    assert.deepEqual(terms('Otel.setup/0'), ['otel(n)', 'setup(n)']);
    assert.deepEqual(terms('lib/a/b.ts'), ['b(n)']);
  });

  it('says nothing of a probe that is not an artifact of a file', () => {
    const { file: _file, ...noFile } = plan;
    assert.equal(described('The plan lives in docs/refactor.md.', { ...noFile }), false);
    assert.equal(described('The plan lives in docs/refactor.md.', { ...plan, kind: 'task' }), false);
  });
});

describe('an artifact named in prose, in other words than its probe', () => {
  // As derived at pi's second cut: the commit's words ("WP13: Create modes/index.ts barrel export") are not the
  // words a handoff uses for the runtime configuration.
  const runtime: Probe = {
    ...plan,
    id: 'artifact@66',
    file: 'config/runtime.exs',
    question: 'What did the agent change in runtime.exs, and why?',
    answer:
      'config/runtime.exs: changed in the commit "feat: add OTEL dependencies, bootstrap, and safe runtime defaults"',
    facets: [['runtime.exs'], ['safe runtime defaults']],
    statement: 'runtime.exs: feat: add OTEL dependencies, bootstrap, and safe runtime defaults',
  };
  const outcome = (text: string, probe: Probe = runtime) => probeOutcome(createMatcher(text), probe);
  const named = (text: string) => namesArtifactInProse(indexMeaning(text), runtime);

  it('is kept in part when a clause says in prose what the file now does', () => {
    const handoff =
      'runtime.exs takes the exporter from OTEL_EXPORTER (otlp if unset) and sends http_protobuf.';
    assert.equal(outcome(handoff), 'partial');
    assert.equal(
      outcome('- config/runtime.exs: reads the exporter from the environment in production'),
      'partial',
    );
    // The probe's own words keep it whole.
    assert.equal(outcome('runtime.exs now holds safe runtime defaults for the exporter'), 'matched');
  });

  it('keeps nothing of a path list, an identifier bag, an error line, a removal, a denial or a bare mention', () => {
    const nothing = [
      'config/runtime.exs\nconfig/config.exs\nmix.exs',
      'runtime.exs, OTEL_EXPORTER, otlp_endpoint, Config.Reader',
      '** (CompileError) config/runtime.exs:12: undefined function sampler/0 error',
      'config/runtime.exs: permission denied while opening',
      'runtime.exs was removed from the config folder',
      'runtime.exs does not read the exporter any more',
      'Touched runtime.exs.',
      // An item of a list of names is not described by the prose after the next name.
      'Edited runtime.exs, mix.exs, then added the retry budget to the client',
      // An identifier bag's next item may be hyphenated, and a hyphenated word reads as prose.
      'runtime.exs, pytest-cov, cargo-llvm-cov, example.com',
    ];
    for (const text of nothing) assert.equal(named(text), false, text);
    assert.equal(outcome('config/runtime.exs\nmix.exs'), 'missed');
  });

  it('keeps nothing of a path list glossing each file with the same words, whichever words', () => {
    assert.equal(
      named('config/runtime.exs: holds relevant project source code and its configuration.'),
      false,
    );
    // Words no list of generic words holds: one line tells the file in part, the same line after each file nothing.
    const gloss = ': the main place where the logic for this lives, kept up to date.';
    assert.equal(named(`config/runtime.exs${gloss}`), true);
    assert.equal(named(`config/runtime.exs${gloss}\nmix.exs${gloss}`), false);
    assert.equal(outcome(`config/runtime.exs${gloss}\nmix.exs${gloss}\nlib/otel.ex${gloss}`), 'missed');
    // A line of its own on each file keeps its half.
    assert.equal(
      outcome('- config/runtime.exs: reads the exporter from the environment\n- mix.exs: six new OTEL deps'),
      'partial',
    );
  });

  it('earns nothing where its probe earns no half (a part of it is what a cheap trick keeps)', () => {
    const handoff = 'runtime.exs reads the exporter from the environment in production';
    assert.equal(outcome(handoff, { ...runtime, partialCredit: false }), 'missed');
  });

  it("earns no half from the user's request that named the file in a sentence, and is a made change where it asked for it made", () => {
    const write = toolCall('write', {
      path: 'src/modes/interactive/interactive-mode.ts',
      content: 'export class InteractiveMode {\n\tconstructor() {}\n}\n',
    });
    const drafted = (request: string) =>
      draftProbes(
        session([
          factoryUser(request),
          callsTools([write], 'I read both files in full. Let me write the new file:'),
          toolResult(write, 'Wrote the file'),
        ]),
      ).find((draft) => draft.kind === 'artifact');
    const request = 'kill the entire file, then rework interactive-mode.ts on top of the session class';
    const artifact = drafted(request);
    assert.ok(artifact, 'an artifact probe for the written file');
    assert.equal(artifact.partialCredit, false);
    const probe: Probe = { ...artifact, id: 'artifact@2', contradictions: [], source: 'derived' };
    assert.equal(outcome(request, probe), 'missed');
    // As at pi's second cut: the user asked for the file made ("create a brand spanking new interactive-mode.ts"),
    // so the user's words keep the draft: it is the made change (D133), which their words, a request, keep not.
    const asked = 'kill the entire file, then create a brand new interactive-mode.ts';
    const made = drafted(asked);
    assert.ok(made?.made, 'a made change');
    assert.equal(
      outcome(asked, { ...made, id: 'artifact@1', contradictions: [], source: 'derived' }),
      'missed',
    );
  });
});

describe('an artifact named by its stem in a terse note (D143)', () => {
  // As derived at pi-large-session-780: the agent's words for the edit, which the terse note does not use.
  const renderer: Probe = {
    ...plan,
    id: 'artifact@30',
    file: 'packages/coding-agent/src/tui/tui-renderer.ts',
    question: 'What did the agent change in tui-renderer.ts, and why?',
    answer: 'packages/coding-agent/src/tui/tui-renderer.ts: replace them systematically with theme',
    facets: [['tui-renderer.ts'], ['replace them systematically with theme']],
    statement:
      'tui-renderer.ts changed: borderAccent, onThemeChange, updateEditorBorderColor — replace them systematically with theme',
  };
  const named = (text: string) => namesArtifactInProse(indexMeaning(text), renderer);
  const outcome = (text: string) => probeOutcome(createMatcher(text), renderer);

  it('is kept in part where the hyphenated name without its extension is said something of in plain words', () => {
    const line = 'tui-renderer now reads every colour from the theme';
    assert.equal(named(line), true);
    assert.equal(outcome(line), 'partial');
  });

  it('keeps nothing of the words apart, a longer name, bags of stems, a removal, a bare mention or a one-word stem', () => {
    const nothing = [
      // Two words are prose, not the file's name.
      'the tui renderer is chalk free now',
      // Another file's name that holds the stem.
      'tui-renderer-v2 reads every colour from the theme',
      'tui-renderer, chalk-free, theme-schema, user-message-selector',
      // Hyphenated words beside a stem are a bag's next items, whatever they say: the note's "chalk-free" too.
      'tui-renderer theme-loader session-manager chalk-free',
      'user-message-selector.ts ported like other selectors; tui-renderer chalk-free.',
      'tui-renderer tui-renderer tui-renderer',
      'tui-renderer was removed from the package',
      'Touched tui-renderer.',
    ];
    for (const text of nothing) assert.equal(named(text), false, text);
    const theme: Probe = {
      ...renderer,
      file: 'packages/coding-agent/src/theme/theme.ts',
      facets: [['theme.ts'], ['x']],
    };
    assert.equal(namesArtifactInProse(indexMeaning('theme chalk-free and tuned for dark'), theme), false);
  });
});

describe("a failed command's output naming a file (D124)", () => {
  it('says nothing of what the file holds: "Exit code 1" opens a failure', () => {
    const probe = {
      ...derivedProbe('artifact', {
        facets: [['checkpoint_test.go'], ['archive transcript chunk files']],
        statement: 'checkpoint_test.go changed: archive transcript chunk files in multi-session checkpoints',
      }),
      file: 'cmd/entire/cli/checkpoint/checkpoint_test.go',
    };
    const index = (text: string) => createMatcher(text).meaning();
    assert.equal(
      namesArtifactInProse(
        index(
          'Exit code 1 RUN TestArchiveExistingSession_ChunkedTranscript checkpoint_test.go 432 full.jsonl.001.',
        ),
        probe,
      ),
      false,
    );
    assert.equal(
      namesArtifactInProse(index('checkpoint_test.go now covers archived chunk files.'), probe),
      true,
    );
  });
});
