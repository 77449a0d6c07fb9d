import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { listSessions, loadSession, resolveSession } from '../../src/session/load.ts';

let directory: string;
before(async () => {
  directory = await mkdtemp(join(tmpdir(), 'compaction-bench-load-'));
});
after(async () => {
  await rm(directory, { recursive: true, force: true });
});

const header = JSON.stringify({
  type: 'session',
  version: 3,
  id: 's1',
  timestamp: '2026-01-01T00:00:00.000Z',
  cwd: '/work/app',
});
function entry(id: string, parentId: string | null, message: object): string {
  return JSON.stringify({ type: 'message', id, parentId, timestamp: '2026-01-01T00:00:01.000Z', message });
}

async function write(name: string, lines: string[]): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

describe('loading a pi v3 session', () => {
  it('reads messages, cwd and file operations', async () => {
    const path = await write('good.jsonl', [
      header,
      entry('a', null, { role: 'user', content: 'Fix src/a.ts', timestamp: 1 }),
      entry('b', 'a', {
        role: 'assistant',
        content: [
          {
            type: 'toolCall',
            id: 'c1',
            name: 'edit',
            arguments: { path: '/work/app/src/a.ts', oldText: 'x', newText: 'y' },
          },
        ],
      }),
      entry('c', 'b', {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'edit',
        content: [{ type: 'text', text: 'ok' }],
        isError: false,
      }),
    ]);
    const session = await loadSession(path);
    assert.equal(session.name, 'good');
    assert.equal(session.format, 'pi');
    assert.equal(session.formatVersion, 3);
    assert.equal(session.cwd, '/work/app');
    assert.deepEqual(
      session.messages.map((message) => message.role),
      ['user', 'assistant', 'toolResult'],
    );
    assert.deepEqual(session.fileOperations, [
      { kind: 'edit', path: '/work/app/src/a.ts', tool: 'edit', toolCallId: 'c1', messageIndex: 1 },
    ]);
  });

  it('fails on the first bad line with file:line and what is wrong', async () => {
    const path = await write('bad-role.jsonl', [
      header,
      entry('a', null, { role: 'user', content: 'hi' }),
      entry('b', 'a', { role: 'toolResult', toolName: 'read', content: [], isError: false }),
    ]);
    await assert.rejects(loadSession(path), (error: Error) => {
      assert.ok(error instanceof InputError);
      assert.match(error.message, new RegExp(`^${path.replaceAll('.', '\\.')}:3: message\\.toolCallId: `));
      return true;
    });
  });

  it('reports a line that is not JSON', async () => {
    const path = await write('not-json.jsonl', [header, '{"type":"message",', header]);
    await assert.rejects(loadSession(path), /not-json\.jsonl:2: not valid JSON/);
  });

  it('skips bad lines with skipInvalid and records where', async () => {
    const path = await write('skip.jsonl', [
      header,
      '{oops',
      entry('a', null, { role: 'user', content: 'hi' }),
    ]);
    const session = await loadSession(path, { skipInvalid: true });
    assert.equal(session.messages.length, 1);
    assert.equal(session.stats.skipped.length, 1);
    assert.equal(session.stats.skipped[0]!.line, 2);
  });

  it('rejects an empty file and a session with no messages', async () => {
    const empty = await write('empty.jsonl', []);
    await assert.rejects(loadSession(empty), /empty\.jsonl: the file is empty/);
    const noMessages = await write('header-only.jsonl', [header]);
    await assert.rejects(loadSession(noMessages), /header-only\.jsonl: the session holds no messages/);
    // A JSON document with an empty messages array is not an empty file.
    const emptyTrajectory = await write('empty.traj.json', [
      '{"info": {"mini_version": "1.9.1"}, "messages": []}',
    ]);
    await assert.rejects(loadSession(emptyTrajectory), /empty\.traj\.json: the session holds no messages/);
  });

  it('follows the branch that leads to the last entry', async () => {
    const path = await write('branches.jsonl', [
      header,
      entry('a', null, { role: 'user', content: 'start' }),
      entry('b', 'a', { role: 'assistant', content: [{ type: 'text', text: 'abandoned answer' }] }),
      entry('c', 'a', { role: 'assistant', content: [{ type: 'text', text: 'kept answer' }] }),
      entry('d', 'c', { role: 'user', content: 'continue' }),
    ]);
    const session = await loadSession(path);
    assert.deepEqual(
      session.messages.map((message) =>
        typeof message.content === 'string' ? message.content : (message.content[0] as { text: string }).text,
      ),
      ['start', 'kept answer', 'continue'],
    );
  });

  it('has one conversation without branches when the file has no tree: --branch 1 names it', async () => {
    const path = await write('flat.jsonl', [
      JSON.stringify({ type: 'session', id: 'v1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' }),
      JSON.stringify({ type: 'message', message: { role: 'user', content: 'hi' } }),
    ]);
    const session = await loadSession(path, { branch: 1 });
    assert.deepEqual([session.branches, session.branch, session.bridges], [[], undefined, []]);
    await assert.rejects(
      loadSession(path, { branch: 2 }),
      /^InputError: --branch 2: .*flat\.jsonl holds one conversation \(no branches\); available: 1$/,
    );
  });

  it('counts unknown entry types instead of failing', async () => {
    const path = await write('unknown.jsonl', [
      header,
      JSON.stringify({ type: 'future_thing', id: 'x' }),
      entry('a', null, { role: 'user', content: 'hi' }),
    ]);
    const session = await loadSession(path);
    assert.equal(session.stats.unknownLines, 1);
  });
});

describe('fixture arguments', () => {
  it('resolves a name in the fixtures directory and a path', async () => {
    const path = await write('named.jsonl', [header, entry('a', null, { role: 'user', content: 'hi' })]);
    assert.equal(await resolveSession('named', directory), path);
    assert.equal(await resolveSession(path, directory), path);
    assert.ok((await listSessions(directory)).includes('named'));
  });

  it('lists the available fixtures when a name is unknown', async () => {
    await assert.rejects(resolveSession('no-such-fixture', directory), (error: Error) => {
      assert.ok(error instanceof InputError);
      assert.match(error.message, /unknown session 'no-such-fixture'.*available: .*named/);
      return true;
    });
  });
});
