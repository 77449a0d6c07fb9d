/**
 * A rule told by what it allows (round s28, D121): a rule that rules a thing out and names what to do instead
 * carries the alternative as a slot of its own, kept where a summary affirms it as the rule does ("highlight.js
 * only", "stick to highlight.js") and contradicted where a summary takes it out ("replace highlight.js", "adding Prism
 * beside highlight.js"); named bare (an identifier bag), or for another reason, it says nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { ruleAlternative } from '../../src/quality/derive/rule-alternatives.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { parseSidecar, type Probe } from '../../src/quality/probes.ts';
import { renderSidecar } from '../../src/quality/write-probes.ts';
import { derivedProbe, editRun, session, user, assistant } from '../helpers/factories.ts';

const HIGHLIGHTER = 'Do not add a second syntax highlighting library; continue with highlight.js.';
const SDK = 'Instead of adding the Anthropic SDK and managing API keys, we shell out to the `claude` CLI:';
const COMPUTED = 'compute the transcript path instead of using `state.TranscriptPath`:';

/** A derived constraint of `sentence`, its facet `facet`, with the alternative its sentence names. */
function rule(sentence: string, facet: string, id = 'constraint@1'): Probe {
  const alternative = ruleAlternative(sentence, facet);
  assert.ok(alternative, `no alternative in ${sentence}`);
  return derivedProbe('constraint', { id, facets: [[facet]], answer: sentence, alternative });
}

const highlighter = rule(HIGHLIGHTER, 'add a second syntax highlighting');
const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('the alternative a rule names', () => {
  it('is read from the four ways a rule puts it, the facet on the other side', () => {
    assert.deepEqual(ruleAlternative(HIGHLIGHTER, 'add a second syntax highlighting'), {
      spellings: ['highlight.js'],
      verb: 'continue with',
    });
    assert.deepEqual(ruleAlternative(SDK, 'adding the Anthropic SDK'), {
      spellings: ['claude CLI'],
      verb: 'shell out to',
    });
    assert.deepEqual(
      ruleAlternative(
        '**Update test** in `clean_test.go` — verify deletion via `git branch --list` CLI instead of go-git `repo.Reference',
        'go-git repo.Reference',
      ),
      {
        spellings: ['git branch --list CLI', 'git branch --list', 'branch --list CLI'],
        verb: 'verify deletion via',
      },
    );
    assert.deepEqual(
      ruleAlternative(
        'Do not use `ash_opentelemetry`; use `opentelemetry_ash` and set `config :ash, :tracer, [OpentelemetryAsh]`.',
        'use ash_opentelemetry',
      ),
      { spellings: ['opentelemetry_ash'], verb: 'use' },
    );
    assert.deepEqual(
      ruleAlternative(
        'Keep expansion state server-authoritative in LiveView assigns/computer inputs; do not rely on client-only hidden DOM state',
        'client-only hidden DOM state',
      ),
      {
        spellings: [
          'LiveView assigns/computer inputs',
          'assigns/computer inputs',
          'LiveView assigns or computer inputs',
          'assigns or computer inputs',
        ],
        verb: 'keep expansion state server-authoritative in',
      },
    );
    assert.deepEqual(ruleAlternative(COMPUTED, 'using state.TranscriptPath'), {
      spellings: ['transcript path'],
      verb: 'compute',
    });
  });

  it('is none where the facet is the thing allowed, or the object one plain word', () => {
    assert.equal(
      ruleAlternative("I don't think we need suffixes but instead we just use one branch", 'use one branch'),
      undefined,
    );
    assert.equal(
      ruleAlternative(
        'keep the old code around for reference; use new files instead of modifying in place',
        'old code',
      ),
      undefined,
    );
    assert.equal(
      ruleAlternative('Do not add a second linter; continue with eslint.', 'add a second linter'),
      undefined,
    );
  });

  it('is written to a sidecar and read back from it', () => {
    const written = { ...highlighter, messageIndex: 3 };
    const [read] = parseSidecar(JSON.parse(renderSidecar([written], undefined)), 'x.probes.json').probes;
    assert.deepEqual(read?.alternative, { spellings: ['highlight.js'], verb: 'continue with' });
    assert.equal(outcome(read!, 'highlight.js only'), 'matched');
  });

  it("is carried by the user's rule derived as a constraint", () => {
    const { probes } = deriveProbes(
      session([
        user(`Render the debug panel for both pages. ${HIGHLIGHTER}`),
        ...editRun('lib/debug_panel.ex'),
        assistant('The panel renders on both pages.'),
      ]),
    );
    const constraint = probes.find((probe) => probe.kind === 'constraint' && probe.alternative);
    assert.deepEqual(constraint?.alternative, { spellings: ['highlight.js'], verb: 'continue with' });
  });
});

describe('a rule told by what it allows', () => {
  it('is kept by the alternative affirmed in an exclusive frame or with the rule’s own verb', () => {
    assert.equal(
      outcome(highlighter, 'Rules: one shared path · highlight.js only · no silent truncation'),
      'matched',
    );
    assert.equal(outcome(highlighter, 'highlight.js stays the only syntax highlighter.'), 'matched');
    assert.equal(outcome(highlighter, 'Stick to highlight.js for every code block.'), 'matched');
    assert.equal(outcome(highlighter, 'We continue with highlight.js.'), 'matched');
    assert.equal(outcome(highlighter, 'Do not replace highlight.js.'), 'matched');
    assert.equal(outcome(highlighter, 'No second highlighter beside highlight.js.'), 'matched');
    const sdk = rule(SDK, 'adding the Anthropic SDK');
    assert.equal(outcome(sdk, 'Backend = shell out to local authed `claude` CLI (no SDK/keys).'), 'matched');
    assert.equal(outcome(sdk, 'The model is reached by shelling out to the claude CLI.'), 'matched');
  });

  it('is contradicted where the alternative is taken out, negated or joined by another', () => {
    assert.equal(
      outcome(highlighter, 'Any syntax highlighter will do; adding Prism beside highlight.js is fine.'),
      'contradicted',
    );
    assert.equal(outcome(highlighter, 'Replace highlight.js with Prism.'), 'contradicted');
    assert.equal(outcome(highlighter, 'Not only highlight.js: Prism too.'), 'contradicted');
    assert.equal(outcome(highlighter, `It is false that we continue with highlight.js.`), 'contradicted');
    const otel = rule('Do not use `ash_opentelemetry`; use `opentelemetry_ash`.', 'use ash_opentelemetry');
    assert.equal(
      outcome(otel, 'Libraries: ash_opentelemetry (explicitly not opentelemetry_ash).'),
      'contradicted',
    );
    assert.equal(outcome(otel, 'Libraries: opentelemetry_ash, not ash_opentelemetry.'), 'matched');
  });

  it('is not kept by the alternative named bare, in a list, or for another reason', () => {
    assert.equal(outcome(highlighter, 'session_id, highlight.js, visible_lines only'), 'missed');
    assert.equal(outcome(highlighter, 'show_debug only highlight.js, visible_lines'), 'missed');
    assert.equal(outcome(highlighter, 'session_id tool_use highlight.js visible_lines code_lines'), 'missed');
    assert.equal(outcome(highlighter, 'The JSON sidecar is highlighted with highlight.js.'), 'missed');
    assert.equal(outcome(highlighter, 'Use highlight.js for the JSON sidecar.'), 'missed');
  });

  it('reads an alternative in plain words only after the rule’s own verb', () => {
    const computed = rule(COMPUTED, 'using state.TranscriptPath');
    assert.equal(outcome(computed, 'Removed the transcript path update on resume.'), 'missed');
    assert.equal(outcome(computed, 'It now computes the transcript path dynamically.'), 'matched');
    assert.equal(outcome(computed, 'We no longer compute the transcript path.'), 'contradicted');
  });

  it('is kept by its alternative said with another word for the act, the ruled-out thing used elsewhere (D151)', () => {
    const verified = rule(
      '**Update test** in `clean_test.go` — verify deletion via `git branch --list` CLI instead of go-git `repo.Reference`',
      'go-git repo.Reference',
    );
    const note =
      'clean_test.go: verify gone via `git branch --list b` (CommandContext) not repo.Reference.\n' +
      'manual_commit_reset.go Reset: existence still via go-git repo.Reference, delete via DeleteBranchCLI.';
    assert.equal(outcome(verified, note), 'matched');
    // Without the alternative, the ruled-out thing said in use still contradicts the rule.
    assert.equal(outcome(verified, note.split('\n')[1]!), 'contradicted');
    assert.equal(
      outcome(verified, 'Verify deletion via go-git repo.Reference instead of `git branch --list`.'),
      'contradicted',
    );
    assert.equal(
      outcome(verified, `It is false that we verify gone via \`git branch --list\`. ${note.split('\n')[1]}`),
      'contradicted',
    );
    // Named bare, or after a verb of another act, the alternative says nothing.
    assert.notEqual(
      outcome(verified, 'DeleteBranchCLI, git branch --list, go-git repo.Reference, RemoveReference'),
      'matched',
    );
    assert.notEqual(
      outcome(verified, 'verify that every branch is really gone via `git branch --list`'),
      'matched',
    );
    assert.equal(outcome(verified, ''), 'missed');
  });

  it('loses exactly that rule when its line is deleted from a summary', () => {
    const sdk = rule(SDK, 'adding the Anthropic SDK', 'constraint@2');
    const lines = ['- highlight.js only.', '- Backend: shell out to the claude CLI.'];
    const scored = (text: string) => scoreProbes(createMatcher(text), [highlighter, sdk]).probeOutcomes;
    assert.deepEqual(scored(lines.join('\n')), { 'constraint@1': 'matched', 'constraint@2': 'matched' });
    assert.deepEqual(scored(lines[1]!), { 'constraint@1': 'missed', 'constraint@2': 'matched' });
  });
});
