/**
 * A resumed Claude Code session that re-copied the chain it loaded under new uuids, thinned: Claude Code loads a
 * chain by walking up from its leaf, so the sibling `tool_use` lines of parallel calls (and their results) that
 * hang beside that walk are absent from the copy, all through it, not only at its end. The shape follows a real
 * resumed session described in issue #42 (65 tool calls, 7 modified files; the copy alone held 49 calls and 2
 * files); the lines here are written by hand in that structure, no real transcript is copied.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspectSession } from '../../src/inspect/inspect.ts';
import { renderInspect } from '../../src/report/inspect.ts';
import { droppedWorkNote } from '../../src/session/dropped-work-note.ts';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf } from '../../src/session/types.ts';
import { jsonLines, writeTemporary } from './samples.ts';

type Record = { [key: string]: unknown };
const time = (second: number) => new Date(Date.UTC(2026, 2, 20, 9, 0, 0) + second * 1000).toISOString();

/** One call of a turn: its tool, its input and the file it touches. */
type Call = { name: string; input: Record };
/** A turn of one assistant message (one `message.id`): its calls, written as siblings or chained. */
type Turn = { calls: Call[]; layout: 'siblings' | 'chain' };

const write = (path: string): Call => ({
  name: 'Write',
  input: { file_path: path, content: `// ${path}\n` },
});
const edit = (path: string): Call => ({
  name: 'Edit',
  input: { file_path: path, old_string: 'a', new_string: 'b' },
});
const read = (path: string): Call => ({ name: 'Read', input: { file_path: path } });
const bash = (command: string): Call => ({ name: 'Bash', input: { command } });

/**
 * The lines of one session's turns after a prompt, as Claude Code writes them: one assistant line per
 * `tool_use` block; parallel calls as siblings (each hangs off the turn's parent) or chained; each result hangs
 * off its own `tool_use` line; the next turn goes on from the last result written.
 */
function writeSession(session: string, prefix: string, prompt: string, turns: Turn[], start: number) {
  const lines: Record[] = [];
  let second = start;
  let parent: string | null = null;
  const line = (record: Record) => {
    lines.push({
      ...record,
      sessionId: session,
      cwd: '/work/plugin',
      version: '2.1.80',
      timestamp: time(second++),
    });
    return record.uuid as string;
  };
  parent = line({
    type: 'user',
    uuid: `${prefix}-u`,
    parentUuid: parent,
    message: { role: 'user', content: prompt },
  });
  turns.forEach((turn, turnIndex) => {
    const turnParent = parent;
    const callLines: string[] = [];
    turn.calls.forEach((call, callIndex) => {
      const id = `toolu_${prefix}_${turnIndex}_${callIndex}`;
      const previous = callLines.at(-1);
      callLines.push(
        line({
          type: 'assistant',
          uuid: `${prefix}-a${turnIndex}-${callIndex}`,
          parentUuid: turn.layout === 'chain' && previous ? previous : turnParent,
          message: {
            id: `msg_${prefix}_${turnIndex}`,
            role: 'assistant',
            model: 'claude-sonnet-4-6',
            content: [{ type: 'tool_use', id, name: call.name, input: call.input }],
          },
        }),
      );
    });
    turn.calls.forEach((_, callIndex) => {
      const id = `toolu_${prefix}_${turnIndex}_${callIndex}`;
      parent = line({
        type: 'user',
        uuid: `${prefix}-r${turnIndex}-${callIndex}`,
        parentUuid: callLines[callIndex]!,
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `done ${id}` }] },
      });
    });
  });
  return { lines, last: parent!, end: second };
}

/** The chain Claude Code loads on resume: walk up from the leaf; copied with new uuids, a new session id. */
function resumedCopy(lines: readonly Record[], leaf: string, session: string): Record[] {
  const byUuid = new Map(lines.map((record) => [record.uuid as string, record]));
  const chain: Record[] = [];
  for (let id: string | null = leaf; id !== null;) {
    const record: Record = byUuid.get(id)!;
    chain.unshift(record);
    id = record.parentUuid as string | null;
  }
  return chain.map((record) => ({
    ...record,
    uuid: `copy-${record.uuid as string}`,
    parentUuid: record.parentUuid === null ? null : `copy-${record.parentUuid as string}`,
    sessionId: session,
  }));
}

const SCRIPTS = ['scripts/format.sh', 'scripts/lint.sh', 'scripts/check.sh'].map(
  (path) => `/work/plugin/${path}`,
);
const [INDEX, README, PLUGIN, HOOKS] = [
  'src/index.ts',
  'README.md',
  '.claude-plugin/plugin.json',
  'hooks/hooks.json',
].map((path) => `/work/plugin/${path}`) as [string, string, string, string];

/**
 * The earlier session: 50 calls (5 + 5 + 10 + 5 + 3 + 17 + 5). Four turns of five parallel calls written as
 * siblings (the walk keeps only each turn's last call: 16 calls lost, among them every write of plugin.json,
 * hooks.json and the three scripts), one turn of three chained calls (all kept, two of their results lost), and
 * 27 single calls.
 */
function earlierTurns(): Turn[] {
  const turns: Turn[] = [];
  turns.push({
    calls: [read(README), read(INDEX), bash('ls'), bash('git status'), read(INDEX)],
    layout: 'siblings',
  });
  turns.push({
    calls: [write(PLUGIN), write(HOOKS), bash('cat hooks/hooks.json'), read(README), edit(INDEX)],
    layout: 'siblings',
  });
  for (let index = 0; index < 10; index++)
    turns.push({ calls: [bash(`npm test -- ${index}`)], layout: 'siblings' });
  turns.push({
    calls: [
      write(SCRIPTS[0]!),
      write(SCRIPTS[1]!),
      write(SCRIPTS[2]!),
      bash('chmod +x scripts/*.sh'),
      edit(README),
    ],
    layout: 'siblings',
  });
  turns.push({ calls: [read(INDEX), read(README), edit(INDEX)], layout: 'chain' });
  for (let index = 0; index < 17; index++) turns.push({ calls: [read(INDEX)], layout: 'siblings' });
  turns.push({
    calls: [edit(PLUGIN), edit(HOOKS), bash('npm run build'), read(INDEX), edit(INDEX)],
    layout: 'siblings',
  });
  return turns;
}

/** The work after the resume: 15 single calls on the two files the copy still shows. */
function laterTurns(): Turn[] {
  return Array.from({ length: 15 }, (_, index) => ({
    calls: [
      index % 3 === 0 ? edit(INDEX) : index % 3 === 1 ? read(README) : bash(`npm test -- later ${index}`),
    ],
    layout: 'siblings' as const,
  }));
}

async function resumedFile(): Promise<string> {
  const earlier = writeSession(
    's-earlier',
    'e',
    'Package the formatter as a Claude Code plugin.',
    earlierTurns(),
    0,
  );
  const copy = resumedCopy(earlier.lines, earlier.last, 's-resumed');
  const later = writeSession(
    's-resumed',
    'l',
    'Now document the hooks in the README.',
    laterTurns(),
    earlier.end + 600,
  );
  // The resumed session's first new line hangs off the copy's last line.
  later.lines[0] = { ...later.lines[0], parentUuid: copy.at(-1)!.uuid };
  return writeTemporary('resumed-thinned.jsonl', jsonLines(...earlier.lines, ...copy, ...later.lines));
}

describe('a Claude Code session resumed from a thinned copy of the earlier chain', () => {
  it('holds every call of both sessions: 65 of 65, and all 7 modified files, in order', async () => {
    const file = await resumedFile();
    const session = await loadSession(file);
    // Independent count, by hand from the turns written: 50 calls before the resume (see earlierTurns), 15 after.
    // Before: the copy alone was imported, 49 of 65 calls and 2 of 7 modified files (index.ts, README.md).
    const calls = session.messages.flatMap(toolCallsOf);
    assert.equal(calls.length, 65);
    assert.equal(new Set(calls.map((call) => call.id)).size, 65);
    assert.deepEqual(
      fileLists(session.fileOperations).modified,
      [PLUGIN, README, HOOKS, ...SCRIPTS.slice().sort(), INDEX].sort(),
    );
    // The earlier session's calls come first, then the resumed session's, each in the order it made them.
    const order = calls.map((call) => call.id.split('_')[1]);
    assert.deepEqual(order, [...Array<string>(50).fill('e'), ...Array<string>(15).fill('l')]);
    assert.equal(session.branches.length, 1);
    assert.equal(droppedWorkNote(session), undefined);
  });

  it('says what it merged: the copy, its lines, and how many lines of the earlier chain it left out', async () => {
    const file = await resumedFile();
    const session = await loadSession(file);
    // Counted by hand: the earlier session wrote 1 prompt + 50 tool_use + 50 result lines (lines 1–101). The walk
    // from its leaf keeps the prompt, 2 lines of each of the 27 single-call turns and of the 4 sibling turns, and 4
    // of the chained turn: 67 lines (102–168). Left out: 16 sibling tool_use lines, their 16 results, and 2
    // results of the chained turn: 34.
    assert.deepEqual(session.merges, [{ lines: [102, 168], copied: 67, copies: [1, 101], leftOut: 34 }]);
    const text = renderInspect(
      await inspectSession(file, { tokenizer: 'heuristic', sliceTokens: 8000, overlapTokens: 0 }),
    );
    assert.match(
      text,
      /merged a resumed copy: lines 102–168 repeat lines 1–101 \(67 lines; the copy left out 34, kept from the original\)/,
    );
  });

  it('keeps a rewind within one session a branch: no copy, so nothing is merged', async () => {
    const earlier = writeSession(
      's-one',
      'e',
      'Package the formatter as a Claude Code plugin.',
      earlierTurns(),
      0,
    );
    const rewound = writeSession(
      's-one',
      'w',
      'Start over with a smaller plugin.',
      laterTurns().slice(0, 2),
      earlier.end + 60,
    );
    // The user went back to the first prompt's first result and asked again.
    rewound.lines[0] = { ...rewound.lines[0], parentUuid: 'e-r0-4' };
    const file = await writeTemporary('rewound.jsonl', jsonLines(...earlier.lines, ...rewound.lines));
    const session = await loadSession(file);
    assert.equal(session.merges, undefined);
    assert.equal(session.branches.length, 2);
    assert.match(
      droppedWorkNote(session) ?? '',
      /left out branch 1 \(leaf line 101: .* 45 tool calls, 6 modified files not imported\)/,
    );
  });
});
