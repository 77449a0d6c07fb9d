/**
 * Decisions and rules the user set by answering the agent (issue 39): a pick among options the agent offered is a
 * decision with the options not taken as rejected; a questionnaire's answers, a rejected tool call with its reason and
 * a declined offer are standing rules, each stated with what was chosen or ruled out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  answeredQuestionProbes,
  offeredOptions,
  optionChoiceProbes,
  pickedLabel,
} from '../../src/quality/derive/choices.ts';
import { deriveProbes, toProbes } from '../../src/quality/derive/derive.ts';
import { constraintProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { declinedOfferProbes, rejectedCallProbes } from '../../src/quality/derive/vetoes.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const OFFER = [
  'For the storage, should we:',
  '',
  '**A) Store summaries in the existing metadata file** (add new fields)',
  '**B) Store summaries in a separate summary file**',
  '**C) Generate summaries on demand only** (never persist)',
  '',
  'Which storage approach do you prefer?',
].join('\n');

describe('option choices', () => {
  it('read the labelled options an agent offers and asks about, not a numbered list of findings', () => {
    assert.deepEqual(
      offeredOptions(assistant(OFFER)).map((option) => option.label),
      ['A', 'B', 'C'],
    );
    assert.deepEqual(
      offeredOptions(assistant('Found two things:\n1. The index is stale\n2. Two blobs are missing')),
      [],
    );
    // A labelled question offers nothing to choose.
    assert.deepEqual(
      offeredOptions(assistant('**A) Are these fields right?**\n**B) Should it be JSON?**\nThoughts?')),
      [],
    );
  });

  it('read the label a reply picks', () => {
    assert.equal(pickedLabel('C)'), 'C');
    assert.equal(pickedLabel("I think A) is fine, let's add it to the metadata file"), 'A');
    assert.equal(pickedLabel('yes do option 1'), '1');
    assert.equal(pickedLabel('1 - keep building the applet'), '1');
    assert.equal(pickedLabel('a better idea: keep it simple'), undefined);
    assert.equal(pickedLabel('where is the helper right now?'), undefined);
  });

  it('derive the chosen option as a decision, with the others as rejected', () => {
    const probes = optionChoiceProbes([user('Add stored summaries.'), assistant(OFFER), user('C)')]);
    assert.equal(probes.length, 1);
    const [probe] = probes;
    assert.equal(probe!.kind, 'decision');
    assert.equal(probe!.messageIndex, 2);
    assert.match(
      probe!.statement!,
      /^Chosen: Generate summaries on demand only \(never persist\), instead of/,
    );
    assert.match(probe!.statement!, /separate summary file/);
    assert.deepEqual(probe!.facets, [['Generate summaries on demand']]);
    // Two of its telling words together, one no option not taken says (pick-in-other-words.test.ts).
    assert.deepEqual(probe!.wordPairs, ['Generate summaries', 'Generate demand', 'summaries demand']);
  });

  it("name a chosen option by what it is, not by the agent's verdict on it, and keep it in a terse handoff", () => {
    const offer = assistant(
      [
        '## Where should `GetOrCreateID()` live?',
        '',
        '**Option 1: `session/` package** ✅ **BEST FIT**',
        '- It manages session identity',
        '',
        '**Option 2: `strategy/` package** (current)',
        '**Option 3: `paths/` package**',
        '',
        'Which one do you prefer?',
      ].join('\n'),
    );
    const [probe] = toProbes(
      optionChoiceProbes([
        user('Should the ID helper move to the session package?'),
        offer,
        user('yes do option 1'),
      ]),
      'derived',
    );
    assert.equal(
      probe!.statement,
      'Chosen: session package, instead of strategy package (current); paths package',
    );
    assert.deepEqual(probe!.facets, [['session package']]);
    // The session says the two words before the offer: they are no pair of the pick's own (labelPairs).
    assert.deepEqual(probe!.wordPairs, []);
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe!);
    assert.equal(outcome('Placement (user): GetOrCreateID → session pkg ("option 1").'), 'matched');
    assert.equal(outcome('GetOrCreateID moved to the session package, as the user picked.'), 'matched');
    // The verdict alone, or the option not taken, states no pick.
    assert.equal(outcome('The agent marked one option BEST FIT.'), 'missed');
    assert.equal(outcome('GetOrCreateID stays in the strategy package.'), 'missed');
    // Two words a Go session uses everywhere are no pick: a file's first line, a bag of the session's words.
    assert.equal(outcome('package session\n\nimport "os"'), 'missed');
    assert.notEqual(outcome('checkpoint, session, strategy, package'), 'matched');
  });

  it('read the last list a message asks about, and keep the detail the reply adds to its pick', () => {
    const offer = assistant(
      [
        'Found it:',
        '1. The index references a missing object',
        '2. Two blobs are missing',
        'Do you want me to:',
        '1. Reset the index with a full rebuild',
        '2. Investigate the staged files first',
      ].join('\n'),
    );
    assert.deepEqual(
      offeredOptions(offer).map((option) => option.text),
      ['Reset the index with a full rebuild', 'Investigate the staged files first'],
    );
    const [probe] = optionChoiceProbes([
      offer,
      user('2, look at which staged files the hooks wrote. Then reset.'),
    ]);
    assert.equal(
      probe!.statement,
      'Chosen: Investigate the staged files first, instead of Reset the index with a full rebuild; with: look at which staged files the hooks wrote.',
    );
    // A numbered reply speaks to a point of the message; it picks nothing.
    assert.deepEqual(optionChoiceProbes([offer, user('1. this has happened twice now')]), []);
  });

  it('read options put as what the agent would do, a bare label as the reply, and no catch-all as a choice', () => {
    const offer = assistant(
      [
        '**Would you like me to:**',
        '1. **Continue building the power monitor** and add it to your panel config?',
        '2. **First fix your panel setup** - add the battery applet and find the missing tray?',
        '3. **Do both** - fix the panel config now, then continue with the power monitor?',
        '4. Something else?',
        'Which would you prefer?',
      ].join('\n'),
    );
    assert.deepEqual(
      offeredOptions(offer).map((option) => option.label),
      ['1', '2', '3', '4'],
    );
    const [probe, ...rest] = optionChoiceProbes([offer, user('1')]);
    assert.equal(rest.length, 0);
    assert.match(
      probe!.statement!,
      /^Chosen: Continue building the power monitor .* instead of First fix your panel setup/,
    );
    assert.doesNotMatch(probe!.statement!, /Something else/);
    // The catch-all picked: the reply asks for something of its own, no option was chosen.
    assert.deepEqual(optionChoiceProbes([offer, user('4 - first merge the other branch')]), []);
  });

  it('take no pick when another prompt came between the offer and the reply', () => {
    const probes = optionChoiceProbes([
      assistant(OFFER),
      user('where are summaries read today?'),
      assistant('In the explain command.'),
      user('C)'),
    ]);
    assert.deepEqual(probes, []);
  });

  it('derive a questionnaire’s answers as the user’s choices', () => {
    const call = toolCall('AskUserQuestion', { questions: [] });
    const probes = answeredQuestionProbes([
      callsTools([call]),
      toolResult(
        call,
        'User has answered your questions: "Panel applet or tray icon?"="Panel Applet (Recommended)", ' +
          '"Which metrics?"="Always Show CPU + GPU". You can now continue with the user\'s answers in mind.',
      ),
    ]);
    assert.equal(probes.length, 1);
    assert.equal(probes[0]!.kind, 'constraint');
    assert.equal(probes[0]!.statement, "The user's choices: Panel Applet; Always Show CPU + GPU");
  });
});

describe('vetoes', () => {
  it('derive a rejected tool call with what it would have done and the user’s reason', () => {
    const call = toolCall('Bash', { command: 'git add docs/plans/design.md && git commit -m "add design"' });
    const probes = rejectedCallProbes([
      callsTools([call]),
      toolResult(
        call,
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file " +
          'edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n' +
          "don't check this in",
        true,
      ),
    ]);
    assert.equal(probes.length, 1);
    assert.equal(probes[0]!.kind, 'constraint');
    assert.match(
      probes[0]!.statement!,
      /^The user rejected git add docs\/plans\/design\.md .* \(don't check this in\): do not run it again$/,
    );
  });

  it('state a rejected file edit by the file name, with the user’s words as its facet', () => {
    const call = toolCall('Write', {
      file_path: '/home/dev/cli/.worktrees/ent-108/cmd/entire/cli/summarize.go',
      content: 'package cli',
    });
    const [probe] = rejectedCallProbes([
      callsTools([call]),
      toolResult(
        call,
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file " +
          'edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n' +
          'should we be using the StripIDE code from textutil?',
        true,
      ),
    ]);
    assert.equal(
      probe!.statement,
      'The user rejected Write summarize.go: should we be using the StripIDE code from textutil?',
    );
    // A path list holds the file's name: the facet is what the user said.
    assert.ok(probe!.facets[0]!.includes('StripIDE code from textutil'));
  });

  it('derive an offer the user declined, and not a reply that only starts with "no"', () => {
    const messages = [
      assistant('Done. Want me to also set `gc.auto 0` on your repository now?'),
      user("no don't set it, let's see if it keeps happening"),
      assistant('Should I restart the panel?'),
      user('no power monitor shows, only a blank rectangle'),
    ];
    const probes = declinedOfferProbes(messages);
    assert.equal(probes.length, 1);
    assert.match(
      probes[0]!.statement!,
      /^The user declined the offer to set `gc\.auto 0` on your repository now/,
    );
  });

  it('read taking the step over as declining the offer', () => {
    const [probe, ...rest] = declinedOfferProbes([
      assistant('PR #89 is ready. Want me to merge the stacked PR into main now?'),
      user("I'll do that manually. what's next in the stack?"),
    ]);
    assert.equal(rest.length, 0);
    assert.match(
      probe!.statement!,
      /^The user declined the offer to merge the stacked PR into main now \(I'll do that manually.*\): do not do it$/,
    );
    assert.deepEqual(
      declinedOfferProbes([assistant('Want me to merge it?'), user('I think the tests should run first')]),
      [],
    );
  });

  it('reach the derived set of a session as live facts', () => {
    const { probes } = deriveProbes({
      messages: [
        user('Add stored summaries to the explain command of the command line tool.'),
        assistant(OFFER),
        user('C)'),
        assistant('Generating summaries on demand only, then.'),
      ],
    });
    const decision = probes.find((probe) => probe.kind === 'decision');
    assert.ok(decision, 'the pick is derived');
    assert.equal(decision.live, true);
  });
});

describe('a veto read the right way round', () => {
  // A session of our making: the user rejects a commit of the design doc, then declines the offer to set gc.auto 0.
  const commit = toolCall('Bash', { command: 'git add docs/design.md && git commit -m "add design"' });
  const messages = [
    user('Write a design document for the stored summaries of the explain command, in docs/design.md.'),
    assistant('I will write the design document now and then commit it.'),
    callsTools([commit]),
    toolResult(
      commit,
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file " +
        'edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n' +
        "don't check this in",
      true,
    ),
    assistant(
      'Understood, the design document stays uncommitted. Done. Want me to also set `gc.auto 0` on your repo now?',
    ),
    user("no don't set it, let's see if it keeps happening"),
    assistant('Fine, auto-GC stays on with its defaults.'),
    user('Thanks. What is the next step for the explain command?'),
    assistant('Next I will wire the summaries into the explain output.'),
  ];
  const { probes } = deriveProbes({ messages });
  const veto = probes.find((probe) => probe.statement?.startsWith('The user rejected'))!;
  const offer = probes.find((probe) => probe.statement?.startsWith('The user declined'))!;
  const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

  it('derive both as live rules against what was ruled out', () => {
    assert.deepEqual(veto.facets, [['git commit']]);
    assert.deepEqual(offer.facets, [['set gc.auto']]);
    assert.equal(veto.live && offer.live, true);
  });

  it('keep a veto stated under a negation or a refusal', () => {
    for (const text of [
      'Never git commit the design doc.',
      'The user rejected git commit of the design doc.',
      'The user vetoed git commit of the design doc.',
      'We avoid git commit of the design doc.',
      'Use git add instead of git commit for the design doc.',
    ])
      assert.equal(outcome(veto, text), 'matched', text);
    for (const text of [
      "Don't set gc.auto 0.",
      'The user declined the offer to set gc.auto 0.',
      'He said no to set gc.auto 0.',
    ])
      assert.equal(outcome(offer, text), 'matched', text);
  });

  it('read a veto stated as done or to do, or said to be false, as its contradiction', () => {
    for (const text of [
      'We ran git commit on the design doc.',
      'Next: git commit the design doc.',
      'It is false that the user rejected git commit of the design doc.',
    ])
      assert.equal(outcome(veto, text), 'contradicted', text);
    for (const text of [
      'We set gc.auto 0 on the repo.',
      'It is false that the user declined the offer to set gc.auto 0.',
    ])
      assert.equal(outcome(offer, text), 'contradicted', text);
  });

  it('keep nothing by names alone', () => {
    const bag = 'git commit, gc.auto, set gc.auto, design.md';
    assert.notEqual(outcome(veto, bag), 'matched');
    assert.notEqual(outcome(offer, bag), 'matched');
  });

  it('keep both in the whole session, where the call and the offer are followed by the user’s no', () => {
    const whole = createMatcher(renderMessages(messages, { toolResultChars: 10_000 }));
    assert.equal(probeOutcome(whole, veto), 'matched');
    assert.equal(probeOutcome(whole, offer), 'matched');
    // A copied call with Claude Code's report right after it, as a summary of tool results writes it.
    assert.equal(
      outcome(
        veto,
        '- `git add docs/design.md && git commit -m "add design"`: The user doesn\'t want to proceed with this tool use.',
      ),
      'matched',
    );
    // The call alone, with no refusal after it, is the thing done.
    assert.equal(
      outcome(veto, '- `git add docs/design.md && git commit -m "add design"` (passed)'),
      'contradicted',
    );
  });
});

describe('constraints of one sentence', () => {
  it('take a rule of each clause, an imperative with an article or a one-word object included', () => {
    const probes = constraintProbes(
      userRequests([
        user(
          "Port this project to Rust. Delete all the Python source files when you're done (but keep the Justfile - update it to run Rust tests instead).",
        ),
      ]),
    );
    assert.deepEqual(
      probes.map((probe) => probe.statement),
      [
        "Delete all the Python source files when you're done",
        'but keep the Justfile - update it to run Rust tests instead',
      ],
    );
  });

  it('read a rule the user puts as what we will keep or start with, not a plan of the work', () => {
    const probes = constraintProbes(
      userRequests([
        user(
          'I want to migrate this app from the REST client to the SQL client. We can keep the REST client while we migrate gradually. We should start with packages/services. We will keep our database on the hosted service but connect to it via DATABASE_URL. We will need a few phases. Move the helpers to dirs we can keep later.',
        ),
      ]),
    );
    assert.deepEqual(
      probes.map((probe) => probe.statement),
      [
        'We can keep the REST client while we migrate gradually.',
        'We should start with packages/services.',
        'We will keep our database on the hosted service but connect to it via DATABASE_URL.',
      ],
    );
  });
});
