/**
 * A doc comment a later edit took out describes nothing the file holds (issue 39, D85). A debugging script written at
 * the user's word opened with `// Load the dark palette by hand` above `const palette = loadPalette(...)`; the next
 * edit replaced both with an import of `palette`, so the name stayed and the comment went. The artifact's facet was
 * the comment, which no summary of the file as it stands can state. And the agent's words before the user's prompt
 * ("Now run it again in both terminals") answered what came before it: they do not narrate the file the prompt asked
 * for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const PATH = 'tools/print-palette.ts';
const FIRST = [
  'import { loadPalette } from "../src/palette.js";',
  '',
  '// Load the dark palette by hand',
  '// so that both terminals print the same colours',
  'const palette = loadPalette("dark", "truecolor");',
  '',
  'for (const name of palette.names()) console.log(name, palette.fg(name, "Sample text"));',
].join('\n');
const OLD = [
  'import { loadPalette } from "../src/palette.js";',
  '',
  '// Load the dark palette by hand',
  '// so that both terminals print the same colours',
  'const palette = loadPalette("dark", "truecolor");',
].join('\n');
const NEW = [
  'import { initPalette, palette } from "../src/palette.js";',
  '',
  '// Start the exported palette in dark mode',
  'initPalette("dark");',
].join('\n');

// A line put inside the comment: its description is still there, its words no longer one run.
const COMMENT = ['// Load the dark palette by hand', '// so that both terminals print the same colours'].join(
  '\n',
);
const COMMENTED = [
  '// Load the dark palette by hand',
  '// (loadPalette is internal: keep this script in tools/)',
  '// so that both terminals print the same colours',
].join('\n');

/** The agent narrates another step, the user asks for a script, the agent writes it (and, with `rewrite`, redoes its opening). */
function writesScript(rewrite: boolean, narrated = false, inserted = false): Message[] {
  const write = toolCall('write', { path: PATH, content: FIRST });
  const edit = inserted
    ? toolCall('edit', { path: PATH, oldText: COMMENT, newText: COMMENTED })
    : toolCall('edit', { path: PATH, oldText: OLD, newText: NEW });
  return [
    user('the colours look wrong in one terminal, find out why'),
    assistant('Now run it again in both terminals and compare the background detection.'),
    user('no, both use the dark palette. write a small script that prints every palette colour by name'),
    callsTools(
      [write],
      narrated ? 'Let me write a script that prints every palette colour by name.' : undefined,
    ),
    toolResult(write, `Successfully wrote 240 bytes to ${PATH}`),
    ...(rewrite
      ? [
          callsTools([edit], 'loadPalette is not exported; the script starts the exported palette instead:'),
          toolResult(edit, `Successfully replaced text in ${PATH}.`),
        ]
      : []),
    assistant(`Run it with npx tsx ${PATH}.`),
  ];
}

const scriptProbe = (messages: Message[]): Probe | undefined =>
  deriveProbes(session(messages)).probes.find(
    (probe) => probe.kind === 'artifact' && probe.file?.endsWith('print-palette.ts'),
  );

describe('a doc comment a later edit took out', () => {
  it('describes the file while it stands', () => {
    const probe = scriptProbe(writesScript(false));
    assert.ok(probe, 'an artifact probe of the script');
    assert.deepEqual(probe.facets, [['palette'], ['Load the dark palette']]);
  });

  it('describes the file still when an edit put a line inside it', () => {
    const probe = scriptProbe(writesScript(true, false, true));
    assert.ok(probe, 'an artifact probe of the script');
    assert.deepEqual(probe.facets, [['palette'], ['Load the dark palette']]);
  });

  it('describes nothing once an edit replaced it, though the name is still imported', () => {
    const probe = scriptProbe(writesScript(true));
    assert.equal(probe, undefined, JSON.stringify(probe?.facets));
  });

  it("is no narration either: the agent's words before the user's prompt are not read", () => {
    // Before this rule the facet was "run it again in both", the agent's words before the user's prompt.
    const probe = scriptProbe(writesScript(true));
    assert.ok(!JSON.stringify(probe?.facets ?? []).includes('run it again'));
  });

  it("takes the agent's own words before the write when it says what it writes", () => {
    const probe = scriptProbe(writesScript(true, true));
    assert.ok(probe, 'an artifact probe of the script');
    assert.deepEqual(probe.facets, [['print-palette.ts'], ['write a script that prints']]);
  });
});
