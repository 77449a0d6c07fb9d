/**
 * An artifact whose file a handoff names as written and whose content it tells in other words (other-words.ts,
 * statedInOtherWords): "docs/theme.md … editor borders for each thinking level" keeps theme.md's section "Thinking
 * Level Borders". Attacked with what must not pass: the path alone, the words without the file, another file whose
 * name holds this one's, the content denied, the words spread over a list of names, and the glossed path list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A session of our own making: the agent adds a section on the thinking-level borders to the theme docs. */
function themeSession() {
  const write = toolCall('write', {
    path: 'docs/theme.md',
    content:
      '# Themes\n\nHow pi colours the terminal.\n\n## Thinking Level Borders\n\n' +
      'The editor border shows the thinking level, from thinkingOff to thinkingHigh.\n',
  });
  return session([
    user('document the new border colours in the theme docs'),
    callsTools([write], 'I will document the border tokens in docs/theme.md:'),
    toolResult(write, 'Wrote docs/theme.md'),
    assistant('The theme docs now describe the border colours.'),
    user('thanks, now look at the footer'),
  ]);
}

/**
 * The artifact probe derived for docs/theme.md, read by its facets alone: its plain statement is another rule's
 * (statement-match.ts), and at pi's cut, where this case comes from, derivation had left it none.
 */
function themeProbe(): Probe {
  const probe = deriveProbes(themeSession()).probes.find((found) => found.file === 'docs/theme.md');
  assert.ok(probe, 'an artifact probe for docs/theme.md');
  const { statement: _statement, ...facetsOnly } = probe;
  return facetsOnly;
}

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('an artifact told in other words beside its file named as written', () => {
  const probe = themeProbe();

  it('is derived with the section heading as what the file now holds', () => {
    assert.deepEqual(probe.facets, [['theme.md'], ['Thinking Level Borders']]);
  });

  it('keeps the artifact when the heading is said in another order near the file', () => {
    const handoff =
      'Editor borders for each thinking level use five new tokens. They are in the schema and docs/theme.md.';
    assert.equal(outcome(handoff, probe), 'matched');
  });

  it('keeps nothing from the path alone, nor from the words without the file', () => {
    assert.notEqual(outcome('docs/theme.md\nsrc/theme.ts\nREADME.md', probe), 'matched');
    assert.notEqual(outcome('Editor borders for each thinking level use five new tokens.', probe), 'matched');
  });

  // Said in a sentence of its own, as the handoff at pi's cut says it: in the file's own clause, a word of the
  // section is read by artifact-described.ts, another rule.
  const told = 'Editor borders for each thinking level use five new tokens.';

  it('reads another file whose name holds this one as another file', () => {
    assert.equal(outcome(`${told} They are in the schema and docs/dark-theme.md.`, probe), 'missed');
  });

  it('keeps nothing where the file is denied, or from a gloss any file could get', () => {
    assert.notEqual(outcome(`${told} They are not in docs/theme.md.`, probe), 'matched');
    assert.notEqual(
      outcome('It is false that docs/theme.md has a section on borders for each thinking level.', probe),
      'matched',
    );
    const glossed = 'docs/theme.md: holds relevant project source code and its configuration.';
    assert.equal(outcome(glossed, probe), 'missed');
  });

  it('keeps nothing from the words spread over a list of names', () => {
    const bag = 'docs/theme.md, thinkingOff, thinkingHigh, borderAccent, levelMuted, themeColors';
    assert.equal(outcome(bag, probe), 'missed');
  });
});
