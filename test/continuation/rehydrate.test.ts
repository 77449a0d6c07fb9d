import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fileStateAt } from '../../src/session/file-state.ts';
import { defaultDesign, rehydrate } from '../../src/continuation/rehydrate.ts';
import { contentText } from '../../src/session/types.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function exchange(name: string, args: Record<string, unknown>, output: string) {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

const messages = [
  user('make the rounding half-even'),
  ...exchange('read', { path: '/work/project/src/round.ts' }, 'export const mode = "half-up";\n'),
  ...exchange('edit', { path: 'src/round.ts', oldText: 'half-up', newText: 'half-even' }, 'edited'),
  ...exchange('write', { path: 'notes.md', content: 'rounding notes' }, 'written'),
  ...exchange('edit', { path: 'src/unseen.ts', oldText: 'a', newText: 'b' }, 'edited'),
  ...exchange('read', { path: 'big.txt' }, 'word '.repeat(6000)),
  user('and keep the signature'),
  ...exchange('read', { path: 'late.ts' }, 'after the cut'),
  assistant('done'),
];
const cut = messages.length - 3;

describe('file state at the cut', () => {
  it('rebuilds each file from reads, writes and edits before the cut, never from disk', () => {
    const files = fileStateAt(session(messages), cut);
    assert.deepEqual([...files.keys()], ['src/round.ts', 'notes.md', 'src/unseen.ts', 'big.txt']);
    assert.equal(files.get('src/round.ts')!.content, 'export const mode = "half-even";\n');
    assert.equal(files.get('notes.md')!.content, 'rounding notes');
    // Edited but never read: the transcript never showed the whole file.
    assert.equal(files.get('src/unseen.ts')!.content, undefined);
    assert.equal(files.has('late.ts'), false);
  });

  it('drops the line numbers Claude Code puts before each line it reads', () => {
    const call = toolCall('Read', { file_path: '/work/project/a.py' });
    const numbered = session([callsTools([call]), toolResult(call, '     1→def f():\n     2→    return 1')], {
      fileOperations: [
        { kind: 'read', path: '/work/project/a.py', tool: 'Read', toolCallId: call.id, messageIndex: 0 },
      ],
    });
    assert.equal(fileStateAt(numbered, 2).get('a.py')!.content, 'def f():\n    return 1');
  });
});

describe('rehydration', () => {
  // Set up in before(), not awaited in this callback: a test registered after an await here may find its file's
  // suite (npm test runs several files in one process) already finished.
  let tokenizer: Tokenizer;
  before(async () => {
    tokenizer = await getTokenizer('o200k_base');
  });

  it('attaches Claude Code’s five most recent files, a large one as its path only', () => {
    const many = [
      ...messages.slice(0, cut),
      ...exchange('read', { path: 'f1.ts' }, 'one'),
      ...exchange('read', { path: 'f2.ts' }, 'two'),
    ];
    const result = rehydrate('claude-code', session(many), many.length, tokenizer);
    assert.deepEqual(result.files, ['f2.ts', 'f1.ts', 'big.txt', 'src/unseen.ts', 'notes.md']);
    const texts = result.messages.map((message) =>
      contentText(message.role === 'user' ? message.content : ''),
    );
    assert.match(texts[0]!, /"file_path":"f2.ts"[\s\S]*two/);
    assert.match(texts[2]!, /big\.txt was read before .* too large/);
    assert.ok(!texts.join('\n').includes('half-even'), 'src/round.ts is the sixth most recent and stays out');
  });

  it('carries pi’s read and modified file lists', () => {
    const result = rehydrate('pi', session(messages), cut, tokenizer);
    const text = contentText(result.messages[0]!.role === 'user' ? result.messages[0]!.content : '');
    assert.equal(
      text,
      '<read-files>\nbig.txt\n</read-files>\n<modified-files>\nnotes.md\nsrc/round.ts\nsrc/unseen.ts\n</modified-files>',
    );
  });

  it('keeps Codex’s most recent user messages, oldest first, and nothing for none', () => {
    const result = rehydrate('codex', session(messages), cut, tokenizer);
    assert.deepEqual(
      result.messages.map((message) => (message.role === 'user' ? message.content : '')),
      ['make the rounding half-even', 'and keep the signature'],
    );
    assert.deepEqual(rehydrate('none', session(messages), cut, tokenizer), {
      design: 'none',
      messages: [],
      files: [],
    });
  });

  it('defaults to the strategy’s own agent', () => {
    assert.equal(defaultDesign('claude-code'), 'claude-code');
    assert.equal(defaultDesign('pi'), 'pi');
    assert.equal(defaultDesign('structured-iterative'), 'none');
  });
});
