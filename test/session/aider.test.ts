import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, type Message, toolCallsOf } from '../../src/session/types.ts';
import { publicSession } from '../helpers/public-sessions.ts';
import { samplePath } from './samples.ts';

const rolesOf = (messages: readonly Message[]) => {
  const counts: Record<string, number> = {};
  for (const message of messages) {
    const role = message.role === 'user' && message.context ? `context:${message.context}` : message.role;
    counts[role] = (counts[role] ?? 0) + 1;
  }
  return counts;
};

describe('Aider chat history', () => {
  // A hand-written history in the shape of a real one (see the real file below): two runs, /add, a prompt, a
  // reply with three SEARCH/REPLACE blocks of which one fails to match, the corrected reply, a shell command the
  // user let run, /run, a file added on request, a new file the user declined.
  const file = samplePath('aider.chat.history.md');

  it('reads prompts, commands as context, replies with their blocks as tool calls, and their outcomes', async () => {
    const session = await loadSession(file);
    assert.equal(session.format, 'aider');
    assert.equal(session.formatVersion, '0.85.2');
    // [role, the line each message comes from], read off the sample by hand.
    assert.deepEqual(
      session.messages.map((message, index) => [message.role, session.sources[index]!.line]),
      [
        ['user', 13],
        ['user', 17],
        ['assistant', 19],
        ['toolResult', 67],
        ['toolResult', 67],
        ['toolResult', 67],
        ['assistant', 83],
        ['toolResult', 95],
        ['toolResult', 99],
        ['user', 104],
        ['user', 113],
        ['assistant', 115],
        ['assistant', 121],
        // Results in the order of the calls: CHANGELOG.md's block, then docs/slug.md's.
        ['toolResult', 146],
        ['toolResult', 144],
      ],
    );
    assert.deepEqual(rolesOf(session.messages), {
      'context:command-output': 2,
      user: 2,
      assistant: 4,
      toolResult: 7,
    });
    const calls = session.messages.flatMap(toolCallsOf);
    assert.deepEqual(
      calls.map((call) => [call.name, call.arguments.path ?? call.arguments.command]),
      [
        ['search_replace', 'src/slug.py'],
        ['search_replace', 'tests/test_slug.py'],
        ['search_replace', 'tests/test_slug.py'],
        ['search_replace', 'tests/test_slug.py'],
        ['bash', 'python -m pytest -q'],
        ['search_replace', 'CHANGELOG.md'],
        ['search_replace', 'docs/slug.md'],
      ],
    );
    // The prose stays the reply's text; the blocks are its calls.
    const reply = session.messages[2]!;
    assert.equal(
      reply.role === 'assistant' &&
        reply.content[0]?.type === 'text' &&
        reply.content[0].text.includes('<<<<<<<'),
      false,
    );
    assert.deepEqual(reply.role === 'assistant' && reply.usage, { input: 2400, output: 310 });
    const results = session.messages.flatMap((message) =>
      message.role === 'toolResult' ? [[message.isError, contentText(message.content).split('\n')[0]]] : [],
    );
    assert.deepEqual(results, [
      [false, '# The other 2 SEARCH/REPLACE blocks were applied successfully.'],
      [false, '# The other 2 SEARCH/REPLACE blocks were applied successfully.'],
      [true, '# 1 SEARCH/REPLACE block failed to match!'],
      [false, 'Applied edit to tests/test_slug.py'],
      [false, 'Running python -m pytest -q'],
      [false, 'Applied edit to CHANGELOG.md'],
      [true, 'docs/slug.md: Create new file? (Y)es/(N)o [Yes]: n'],
    ]);
  });

  it('counts files: applied blocks modify, files added to the chat are read', async () => {
    const session = await loadSession(file);
    assert.deepEqual(fileLists(session.fileOperations), {
      read: [],
      modified: ['CHANGELOG.md', 'src/slug.py', 'tests/test_slug.py'],
    });
    assert.deepEqual(session.metadata, { runs: 2, models: ['gpt-4.1'], editFormats: ['diff'] });
  });

  it('holds no compaction: Aider records none in its history', async () => {
    assert.deepEqual((await loadSession(file)).compactions, []);
  });
});

const real = publicSession('AFI-Protocol/afi-core', '.aider.chat.history.md');

describe('a real Aider chat history (AFI-Protocol/afi-core, 9 runs)', { skip: real.skip }, () => {
  it('imports every prompt, reply, block and command, and the files Aider says it applied or added', async () => {
    const session = await loadSession(real.file);
    // Counted over the raw file with grep and awk, not with the importer:
    // - input blocks (runs of `#### ` lines): 49, of which 12 start with a command (`/…` or `!…`, not `/**`) → 37
    //   prompts and 12 context messages;
    // - replies: 39, one per `> Tokens:` line;
    // - tool calls: 27 SEARCH/REPLACE blocks (28 `<<<<<<< SEARCH` lines, one of them quoted in the failure
    //   message) and 10 `> Running …` commands;
    // - modified: 16 files named by `> Applied edit to …`, and tests/poi_validator.test.ts, whose 2 blocks the
    //   failure message reports applied: 17;
    // - read: 26 files `Added … to the chat` or confirmed at `Add file to the chat? … y`, less the 8 of them also
    //   modified: 18.
    // Tool results: every command has one; of the 27 blocks 6 have none (lines 1389 and 1620: Aider asked to add
    // their files instead of applying them, checked by hand), 21 do: 31.
    assert.deepEqual(rolesOf(session.messages), {
      user: 37,
      'context:command-output': 12,
      assistant: 39,
      toolResult: 31,
    });
    const calls = session.messages.flatMap(toolCallsOf);
    assert.equal(calls.filter((call) => call.name === 'search_replace').length, 27);
    assert.equal(calls.filter((call) => call.name === 'bash').length, 10);
    const files = fileLists(session.fileOperations);
    assert.equal(files.modified.length, 17);
    assert.equal(files.read.length, 18);
    assert.equal(session.metadata.runs, 9);
    assert.deepEqual(session.compactions, []);
  });
});

const whole = publicSession('Asphyksia/OpenCoder', '.aider.chat.history.md');

describe(
  'a real Aider chat history in the whole edit format (Asphyksia/OpenCoder, 34 runs)',
  { skip: whole.skip },
  () => {
    it('reads whole-file edits Aider applied and the files the user let it add', async () => {
      const session = await loadSession(whole.file);
      // Counted with grep over the raw file: 32 input blocks, none a command; 5 replies (`> Tokens:` lines); 3 files
      // named by `> Applied edit to …`, each written by one whole-file block (3 calls, 3 results); 3 files confirmed at
      // `Add file to the chat? … y`. 32 + 5 + 3 = 40 messages.
      assert.deepEqual(rolesOf(session.messages), { user: 32, assistant: 5, toolResult: 3 });
      assert.deepEqual(
        session.messages.flatMap(toolCallsOf).map((call) => call.name),
        ['whole_file', 'whole_file', 'whole_file'],
      );
      assert.deepEqual(fileLists(session.fileOperations), {
        read: [
          'frontend/src/components/agent/AgentEvents.tsx',
          'frontend/src/lib/types.ts',
          'opencoder/core/litellm_patch.py',
        ],
        modified: ['calculator.py', 'shutdown_pc.sh', 'test_file.py'],
      });
      assert.equal(session.metadata.runs, 34);
    });
  },
);
