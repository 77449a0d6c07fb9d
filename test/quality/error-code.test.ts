/**
 * A compiler's numbered diagnostic names its message: an error probe's code (`E0277`) and its message's first words
 * ("the trait bound `Text") name one error twice, so a terse line stating the code with a word of the message in
 * prose keeps it (issue 39, round s22 D92: legion's "E0277 (cosmic::theme::Text only From<Color> …)").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { errorByCode } from '../../src/quality/error-code.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, derivedProbe, toolCall, toolResult, user } from '../helpers/factories.ts';

const build = toolCall('Bash', { command: 'cargo build --release' });
const messages: Message[] = [
  user('Show the CPU and GPU wattage in the panel, in white text.'),
  callsTools([build]),
  toolResult(
    build,
    [
      '   Compiling power-monitor v0.1.0',
      'error[E0277]: the trait bound `Text: From<Box<dyn Fn(&Theme) -> Style>>` is not satisfied',
      '  --> src/app.rs:76:24',
      'error: could not compile `power-monitor` (lib) due to 1 previous error',
    ].join('\n'),
    true,
  ),
  assistant('The build fails on the text colour; I will look at the style API next.'),
];
const { probes } = deriveProbes({ messages });
const error = probes.find((probe) => probe.kind === 'error')!;
const outcome = (text: string) => probeOutcome(createMatcher(text), error);

describe('an error told by its numbered code', () => {
  it('is derived with the code and the message as two facets', () => {
    assert.deepEqual(error.facets, [['E0277'], ['the trait bound `Text']]);
  });

  it('is kept by the code with a word of its message in prose beside it', () => {
    // Both are half kept on main: neither writes "the trait bound `Text".
    assert.equal(
      outcome('ERR compile (open): `.color(closure)` -> E0277 (cosmic::theme::Text only From<Color>).'),
      'matched',
    );
    assert.equal(
      outcome('Open compile error in view(): E0277 (`cosmic::theme::Text` only converts from a Color).'),
      'matched',
    );
    assert.equal(
      outcome('error[E0277]: the trait bound `Text: From<Box<dyn Fn>>` is not satisfied'),
      'matched',
    );
  });

  it('is not kept by the code alone, the message alone, names or paths', () => {
    assert.notEqual(outcome('The release build stops on E0277.'), 'matched');
    assert.notEqual(outcome('The panel text colour does not compile yet.'), 'matched');
    // An identifier bag: the code among names, the message's word only inside a name.
    assert.equal(
      outcome('src/app.rs\nE0277, E0433, text_color, PowerReading, power_monitor, cosmic_theme'),
      'missed',
    );
    assert.equal(outcome('E0277 text_color PowerReading power_monitor cosmic_theme'), 'missed');
    assert.equal(outcome('src/app.rs\nCargo.toml'), 'missed');
    assert.equal(outcome('src/app.rs: holds relevant project source code and its configuration.'), 'missed');
    // The quoted name far from the code, on another line.
    assert.equal(outcome('E0277 in app.rs.\nThe panel text is white.'), 'missed');
    // The diagnostic's own words with another name: another error of the same code.
    assert.notEqual(
      outcome('E0277: the trait bound `cosmic::iced::Color: From<{closure}>` is not satisfied'),
      'matched',
    );
  });

  it('is not kept where the code is denied, and contradicted where the error is said fixed', () => {
    assert.notEqual(outcome('There is no E0277 any more: the text colour compiles.'), 'matched');
    assert.equal(outcome('E0277 (cosmic::theme::Text only From<Color>) is fixed now.'), 'contradicted');
    assert.equal(outcome('Fixed E0277 (cosmic::theme::Text only From<Color>).'), 'contradicted');
    assert.equal(outcome('E0277 (cosmic::theme::Text only From<Color>) was resolved.'), 'contradicted');
    // Another error said fixed beside it is no fix of this one.
    assert.equal(
      outcome('E0433 is fixed. Still open: E0277 (cosmic::theme::Text only From<Color>).'),
      'matched',
    );
    // An error fixed before the cut (history) said fixed is kept, as the session has it.
    assert.equal(
      errorByCode(createMatcher('Fixed E0277 (cosmic::theme::Text only From<Color>).'), {
        ...error,
        live: false,
      }),
      'matched',
    );
  });

  it('reads only numbered codes: a named error is a class of errors, not one message', () => {
    const named = derivedProbe('error', {
      facets: [['TypeError'], ['Cannot read properties']],
      statement: '`npm test` failed: TypeError: Cannot read properties',
    });
    assert.equal(errorByCode(createMatcher('A TypeError when it reads the config.'), named), undefined);
    const numbered = derivedProbe('error', {
      facets: [['TS2345'], ["Argument of type 'Settings"]],
      statement: "`npx tsc` failed: TS2345: Argument of type 'Settings",
    });
    assert.equal(
      errorByCode(createMatcher('tsc: TS2345 (a Settings passed where a string goes).'), numbered),
      'matched',
    );
    assert.equal(
      errorByCode(createMatcher('tsc: TS2345 (argument of the wrong type).'), numbered),
      undefined,
    );
    // A message that quotes no name: its words are the diagnostic's, and the code with them names no one error.
    const unquoted = derivedProbe('error', {
      facets: [['TS2345'], ['Argument of type']],
      statement: '`npx tsc` failed: TS2345: Argument of type',
    });
    assert.equal(
      errorByCode(createMatcher('tsc: TS2345 (argument of the wrong type).'), unquoted),
      undefined,
    );
  });

  it('drops exactly the error when its line is deleted from a note', () => {
    const note = [
      'GOAL: CPU + GPU wattage in the panel, white text.',
      '`cargo build --release` fails; next: fix app.rs and build again.',
      'Open: E0277 (cosmic::theme::Text only From<Color>).',
    ];
    const kept = scoreProbes(createMatcher(note.join('\n')), probes).probeOutcomes;
    const dropped = scoreProbes(createMatcher(note.slice(0, 2).join('\n')), probes).probeOutcomes;
    assert.equal(kept[error.id], 'matched');
    // Half at most: the failing build is still said, a hint of the error without its code or message.
    assert.equal(dropped[error.id], 'partial');
    const changed = Object.keys(kept).filter((id) => kept[id] !== dropped[id]);
    assert.deepEqual(changed, [error.id]);
  });
});
