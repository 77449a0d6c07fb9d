/**
 * An artifact kept by what its edits wrote (change-words.ts): a line naming the file, as written or by its name as a
 * word ("Footer"), that states two of the words or numbers the edits added keeps it, whatever the agent's narration
 * said. Attacked with what must not pass: the path list, the file with its changed identifiers, a path with its line
 * and column beside an error word, the words without the file, another file of the same name, the file or its words
 * denied, the same words pasted after every file, and a handoff with the file's line deleted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeWordsOf } from '../../src/quality/derive/artifacts.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const FOOTER_OLD = '    return chalk.gray(pwd) + "\\n" + chalk.gray(statsLine);';
const FOOTER_NEW = [
  '    // Colorize the context percentage by how full the window is',
  '    let contextPercentStr = `${contextPercentValue.toFixed(1)}%`;',
  '    if (contextPercentValue > 90) contextPercentStr = theme.fg("error", contextPercentStr);',
  '    else if (contextPercentValue > 70) contextPercentStr = theme.fg("warning", contextPercentStr);',
  '    return theme.fg("dim", pwd) + "\\n" + theme.fg("dim", statsLine);',
].join('\n');

/** A session of our own making: the agent recolours the footer, narrating it in words that say nothing of it. */
function footerSession() {
  const read = toolCall('read', { path: 'src/tui/footer.ts' });
  const edit = toolCall('edit', { path: 'src/tui/footer.ts', oldText: FOOTER_OLD, newText: FOOTER_NEW });
  const notes = toolCall('write', {
    path: 'docs/notes.md',
    content: '# Notes\n\nThe release checklist lives here.\n',
  });
  // Other work around it: the file's own name is then one word among many, as in a real session.
  const other = Array.from({ length: 30 }, (_, at) => {
    const run = toolCall('bash', { command: `npm test -- parser-${at}` });
    return [callsTools([run], `Checking parser case ${at}.`), toolResult(run, `ok parser case ${at}`)];
  }).flat();
  return session([
    user('the parser cases first, then the status line at the bottom looks off, have a look'),
    ...other,
    callsTools([read], 'Let me check what the footer is using.'),
    toolResult(read, `export class Footer {\n  render() {\n${FOOTER_OLD}\n  }\n}`),
    callsTools([edit], 'Now the footer is using the theme.'),
    toolResult(edit, 'Successfully replaced text in src/tui/footer.ts'),
    callsTools([notes], 'I will keep notes.'),
    toolResult(notes, 'Wrote docs/notes.md'),
    assistant('Done: the footer now follows the theme.'),
    user('thanks, next the editor'),
  ]);
}

/** The artifact probe derived for footer.ts. */
export function footerProbe(): Probe {
  const probe = deriveProbes(footerSession()).probes.find((found) => found.file === 'src/tui/footer.ts');
  assert.ok(probe, 'an artifact probe for src/tui/footer.ts');
  return probe;
}

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('an artifact kept by what its edits wrote', () => {
  const probe = footerProbe();

  it('takes the words and numbers the edit added, not the syntax, the identifiers or the name', () => {
    const words = probe.change?.words ?? [];
    for (const word of ['dim', 'warning', 'error', '70', '90', 'colorize', 'percentage', 'full', 'window'])
      assert.ok(words.includes(word), `${word} in ${words.join(' ')}`);
    // Syntax, names (whole or in part), the file's own name, and what the edit took out ("gray").
    for (const word of ['return', 'let', 'if', 'contextpercentstr', 'fg', 'footer', 'gray', 'chalk'])
      assert.ok(!words.includes(word), `${word} not in ${words.join(' ')}`);
    assert.equal(probe.change?.stem, 'footer');
  });

  it('keeps the probe by a faithful line and a terse one, whose words are not the narration', () => {
    assert.equal(
      outcome(
        '- Footer: the path and stats lines use the dim colour; the context percentage turns warning colour above 70% and error colour above 90%.',
        probe,
      ),
      'matched',
    );
    assert.equal(outcome('- footer: pwd/stats dim; ctx% warning >70, error >90', probe), 'matched');
    assert.equal(outcome('- src/tui/footer.ts: dim lines, warning above 70', probe), 'matched');
  });

  it('keeps nothing from a path list, the file with its identifiers, or a path with its line beside an error', () => {
    assert.equal(outcome('src/tui/footer.ts\ndocs/notes.md', probe), 'missed');
    assert.equal(
      outcome('src/tui/footer.ts: contextPercentStr, contextPercentValue, statsLine', probe),
      'missed',
    );
    assert.equal(outcome('src/tui/footer.ts:90:70 - error TS2345', probe), 'missed');
  });

  it('needs the file named on the line: the words alone, one word, or another file of the same name keep nothing', () => {
    assert.equal(
      outcome('The status line is dim, with a warning above 70 and an error above 90.', probe),
      'missed',
    );
    assert.equal(outcome('- footer: dim', probe), 'missed');
    assert.equal(outcome('- src/tui/footer.md: dim, warning above 70, error above 90', probe), 'missed');
    assert.notEqual(
      outcome('- Footer changed.\n- The context turns warning above 70 and error above 90.', probe),
      'matched',
    );
  });

  it('keeps nothing where the file or the words are denied', () => {
    assert.notEqual(
      outcome('footer.ts was not changed to use dim, warning above 70 or error above 90.', probe),
      'matched',
    );
    assert.notEqual(
      outcome('It is false that footer.ts uses dim, warning above 70 and error above 90.', probe),
      'matched',
    );
  });

  it('reads the list a line naming the file leads in to as said of the file, and only that list', () => {
    // The file on a list item that ends with a colon, its description in the items nested under it (round s20, D75:
    // export-614's faithful handoff tells generate-markdown.yml so).
    const nested = [
      '- src/tui/footer.ts (the status line):',
      '  - the path and stats lines use the dim colour;',
      '  - the context percentage turns warning colour above 70% and error colour above 90%.',
    ];
    assert.equal(outcome(nested.join('\n'), probe), 'matched');
    assert.equal(outcome(['- Footer:', ...nested.slice(1)].join('\n'), probe), 'matched');
    // Not the list of a line that does not lead in, nor items at the lead-in's own depth, nor those after a break in
    // the list, nor words of the line before the file.
    assert.equal(outcome(['- src/tui/footer.ts changed', ...nested.slice(1)].join('\n'), probe), 'missed');
    assert.equal(
      outcome(['- src/tui/footer.ts:', ...nested.slice(1).map((line) => line.trim())].join('\n'), probe),
      'missed',
    );
    assert.equal(outcome([nested[0], '', ...nested.slice(1)].join('\n'), probe), 'missed');
    assert.equal(outcome([nested[0], '  Note:', ...nested.slice(1)].join('\n'), probe), 'missed');
    assert.equal(outcome([...nested.slice(1), '- src/tui/footer.ts:'].join('\n'), probe), 'missed');
    // Denied, or the file's name in a path list over a list of bare names: nothing.
    assert.notEqual(
      outcome(
        ['- src/tui/footer.ts:', '  - it was not changed to dim, warning above 70 or error above 90.'].join(
          '\n',
        ),
        probe,
      ),
      'matched',
    );
    assert.equal(
      outcome(
        ['- src/tui/footer.ts:', '  - contextPercentStr, contextPercentValue, statsLine'].join('\n'),
        probe,
      ),
      'missed',
    );
  });

  it('keeps nothing from the same words pasted after every file', () => {
    const pasted = ['src/tui/footer.ts', 'docs/notes.md', 'src/main.ts', 'src/editor.ts']
      .map((path) => `${path}: dim warning colour`)
      .join('\n');
    assert.equal(outcome(pasted, probe), 'missed');
  });

  it("drops exactly that probe when the file's line is deleted from a good handoff", () => {
    const probes = deriveProbes(footerSession()).probes;
    const lines = [
      '- Footer: the path and stats lines use the dim colour; the context percentage turns warning colour above 70% and error colour above 90%.',
      '- docs/notes.md holds the release checklist.',
    ];
    const kept = (text: string) =>
      probes
        .filter((each) => each.kind === 'artifact' && outcome(text, each) === 'matched')
        .map((each) => each.file);
    const whole = kept(lines.join('\n'));
    assert.ok(whole.includes('src/tui/footer.ts'));
    assert.deepEqual(
      kept(lines[1]!),
      whole.filter((file) => file !== 'src/tui/footer.ts'),
    );
  });
});

describe('the words of a change', () => {
  it('leaves out the lines an edit kept, and the words most of the session uses', () => {
    const change = {
      added: 'const a = 1;\n// retry with backoff\nwait(limit, 30, "jitter");',
      removed: 'const a = 1;',
    };
    const all = changeWordsOf(
      [change],
      'src/client-policy.ts',
      () => 0,
      () => false,
    );
    assert.deepEqual(new Set(all?.words), new Set(['retry', 'backoff', 'jitter', '30']));
    assert.equal(all?.stem, 'client-policy');
    const common = (word: string) => word === 'retry' || word === 'client' || word === 'policy';
    const some = changeWordsOf([change], 'src/client-policy.ts', () => 0, common);
    assert.deepEqual(new Set(some?.words), new Set(['backoff', 'jitter', '30']));
    assert.equal(some?.stem, undefined);
  });

  it('gives no stem for a name any project has', () => {
    const change = { added: '// retry with backoff', removed: '' };
    assert.equal(
      changeWordsOf(
        [change],
        'src/index.ts',
        () => 0,
        () => false,
      )?.stem,
      undefined,
    );
  });
});
