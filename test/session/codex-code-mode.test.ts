/**
 * Codex code mode (0.144+): every tool runs from one `exec` custom tool call whose input is a script. No real
 * code-mode rollout could be found in public repositories; these lines are written by hand in the shape the
 * issue (#42) describes for a real one — `exec` custom calls with `tools.exec_command({...})`,
 * `tools.apply_patch(...)`, `tools.update_plan(...)` scripts, `wait` and `request_user_input` function calls,
 * `patch_apply_end` and `web_search_end` events, `world_state` lines — and in the script syntax of Codex's own
 * code-mode tool description.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planProbes } from '../../src/quality/derive/plans.ts';
import { fileLists } from '../../src/session/file-operations.ts';
import { scriptCalls } from '../../src/session/importers/script-calls.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf } from '../../src/session/types.ts';
import { jsonLines, writeTemporary } from './samples.ts';

let second = 0;
const stamp = () => `2026-09-01T10:00:${String(second++).padStart(2, '0')}.000Z`;
const item = (payload: object) => ({ timestamp: stamp(), type: 'response_item', payload });
const event = (payload: object) => ({ timestamp: stamp(), type: 'event_msg', payload });
const exec = (callId: string, input: string) =>
  item({ type: 'custom_tool_call', name: 'exec', call_id: callId, input });
const execOutput = (callId: string, output: string) =>
  item({ type: 'custom_tool_call_output', call_id: callId, output });
const done = (text: string) => `Script completed\nWall time 0.4 seconds\nOutput:\n${text}`;

const PATCH =
  '*** Begin Patch\n*** Update File: src/cli.ts\n@@\n-  .option("-q")\n+  .option("-v, --verbose")\n*** End Patch';

function codeModeRollout(): string {
  second = 0;
  return jsonLines(
    {
      timestamp: stamp(),
      type: 'session_meta',
      payload: { id: 'cm-1', cwd: '/work/app', cli_version: '0.144.0' },
    },
    {
      timestamp: stamp(),
      type: 'world_state',
      payload: { cwd: '/work/app', user_instructions: 'Use pnpm.' },
    },
    { timestamp: stamp(), type: 'turn_context', payload: { model: 'gpt-5.5-codex' } },
    item({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Add a --verbose flag to the CLI.' }],
    }),
    item({ type: 'reasoning', summary: [{ type: 'summary_text', text: 'Read the CLI first.' }] }),
    exec(
      'call_1',
      [
        'const cli = await tools.exec_command({ cmd: "sed -n \'1,80p\' src/cli.ts", workdir: "/work/app", yield_time_ms: 10000 });',
        'text(cli.output);',
        "const pkg = await tools.exec_command({cmd: 'cat package.json'});",
        'text(pkg.output); // tools.exec_command({cmd: "in a comment"}) is no call',
      ].join('\n'),
    ),
    execOutput('call_1', done('program.option("-q")\n{"name": "app"}')),
    exec(
      'call_2',
      `await tools.apply_patch(\`${PATCH}\`);\nawait tools.update_plan({\n  explanation: "flag first",\n  plan: [\n    { step: "Add the flag", status: "completed" },\n    { step: 'Run the tests', status: "in_progress" },\n  ],\n});`,
    ),
    event({
      type: 'patch_apply_end',
      call_id: 'nested-1',
      success: true,
      stdout: 'Success. Updated the following files:\nM src/cli.ts\n',
      stderr: '',
    }),
    execOutput('call_2', done('Plan updated')),
    item({ type: 'function_call', name: 'wait', arguments: '{"cell_id":"2"}', call_id: 'call_3' }),
    item({ type: 'function_call_output', call_id: 'call_3', output: 'cell 2 finished' }),
    // A patch built at run time: its text is not in the script; patch_apply_end names the file.
    exec(
      'call_4',
      'const body = ["export const verbose = false;"].join("\\n");\nawait tools.apply_patch(makePatch(body));',
    ),
    event({
      type: 'patch_apply_end',
      call_id: 'nested-2',
      success: true,
      stdout: '',
      changes: { 'src/verbose.ts': { type: 'add', content: 'export const verbose = false;\n' } },
    }),
    execOutput('call_4', done('')),
    exec(
      'call_5',
      'const r = await tools.exec_command({cmd: "cat src/missing.ts"});\nif (r.exit_code) throw new Error(r.output);',
    ),
    execOutput('call_5', 'Script failed\nError: cat: src/missing.ts: No such file or directory'),
    exec(
      'call_6',
      'const found = await tools.web_search({query: "commander boolean option"});\ntext(found);',
    ),
    event({ type: 'web_search_end', call_id: 'ws-1', query: 'commander boolean option' }),
    execOutput('call_6', done('commander: .option("-v, --verbose")')),
    item({
      type: 'function_call',
      name: 'request_user_input',
      arguments: '{"questions":[{"question":"Short flag too?"}]}',
      call_id: 'call_7',
    }),
    item({ type: 'function_call_output', call_id: 'call_7', output: 'yes, -v' }),
    item({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Added -v/--verbose.' }],
    }),
  );
}

describe('Codex code mode', () => {
  it('turns each call of an exec script into the tool call it makes, with its arguments', async () => {
    const session = await loadSession(await writeTemporary('code-mode.jsonl', codeModeRollout()));
    const calls = session.messages.flatMap(toolCallsOf);
    // Counted by hand from the lines above: 2 + 2 + wait + 1 + 1 + 1 + request_user_input = 9.
    // Before: 5 exec calls, wait and request_user_input (7), and no file.
    assert.deepEqual(
      calls.map((call) => call.name),
      [
        'exec_command',
        'exec_command',
        'apply_patch',
        'update_plan',
        'wait',
        'apply_patch',
        'exec_command',
        'web_search',
        'request_user_input',
      ],
    );
    assert.deepEqual(calls[0]?.arguments, {
      cmd: "sed -n '1,80p' src/cli.ts",
      workdir: '/work/app',
      yield_time_ms: 10000,
    });
    assert.deepEqual(calls[2]?.arguments, { input: PATCH });
    assert.deepEqual(calls[5]?.arguments, { source: 'makePatch(body)' });
    assert.deepEqual(calls[3]?.arguments, {
      explanation: 'flag first',
      plan: [
        { step: 'Add the flag', status: 'completed' },
        { step: 'Run the tests', status: 'in_progress' },
      ],
    });
    // The plan is read like any update_plan call: its step in progress is the next step.
    assert.match(JSON.stringify(planProbes(session)), /Run the tests/);
    assert.equal(session.metadata.codeModeCalls, 7);
  });

  it('gives every call a result: events for their own calls, the script output to the last', async () => {
    const session = await loadSession(await writeTemporary('code-mode.jsonl', codeModeRollout()));
    const results = session.messages.flatMap((message) =>
      message.role === 'toolResult'
        ? [
            [
              message.toolCallId,
              message.isError,
              message.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
            ],
          ]
        : [],
    );
    assert.deepEqual(results, [
      ['call_1#1', false, ''],
      ['call_1#2', false, done('program.option("-q")\n{"name": "app"}')],
      ['call_2#1', false, 'Success. Updated the following files:\nM src/cli.ts\n'],
      ['call_2#2', false, done('Plan updated')],
      ['call_3', false, 'cell 2 finished'],
      ['call_4#1', false, `Success. Updated the following files:\nA src/verbose.ts${done('')}`],
      ['call_5#1', true, 'Script failed\nError: cat: src/missing.ts: No such file or directory'],
      [
        'call_6#1',
        false,
        `Searched the web: commander boolean option${done('commander: .option("-v, --verbose")')}`,
      ],
      ['call_7', false, 'yes, -v'],
    ]);
  });

  it('finds the files: patches modify, a successful cat or sed -n reads, a failed one reads nothing', async () => {
    const session = await loadSession(await writeTemporary('code-mode.jsonl', codeModeRollout()));
    // By hand: src/cli.ts (patched, so not counted as read), src/verbose.ts (added, from patch_apply_end);
    // package.json read by `cat`; src/missing.ts's cat failed.
    assert.deepEqual(fileLists(session.fileOperations), {
      read: ['package.json'],
      modified: ['src/cli.ts', 'src/verbose.ts'],
    });
  });

  it('reads world_state for the working directory and the instructions', async () => {
    const text = codeModeRollout().split('\n').slice(1).join('\n');
    const session = await loadSession(await writeTemporary('no-meta.jsonl', text), { format: 'codex' });
    assert.equal(session.cwd, '/work/app');
    assert.deepEqual(session.metadata.worldStateInstructions, ['user_instructions']);
    assert.equal(session.stats.unknownLines, 0);
  });
});

describe('the calls of a code-mode script', () => {
  it('reads object literals, one string, templates without ${…}, and keeps run-time arguments as source', () => {
    assert.deepEqual(
      scriptCalls(
        [
          "await tools.exec_command({cmd: 'ls -la', 'max_output_tokens': 2_000, tty: false, env: null, args: [1, \"two\",],});",
          'const x = "tools.exec_command({cmd: 1})"; /* tools.update_plan({}) */',
          'for (const f of files) await tools.exec_command({ cmd: `cat ${f}` });',
          'await tools["view_image"]({path: "shot.png"});',
          'await tools.mcp__docs__read_file({ path: "README.md" });',
          'tools.update_plan({cmd});',
        ].join('\n'),
      ),
      [
        {
          name: 'exec_command',
          arguments: { cmd: 'ls -la', max_output_tokens: 2000, tty: false, env: null, args: [1, 'two'] },
        },
        { name: 'exec_command', arguments: { source: '{ cmd: `cat ${f}` }' } },
        { name: 'view_image', arguments: { path: 'shot.png' } },
        { name: 'mcp__docs__read_file', arguments: { path: 'README.md' } },
        { name: 'update_plan', arguments: { source: '{cmd}' } },
      ],
    );
  });

  it('reads escapes in strings: quotes, newlines, unicode', () => {
    assert.deepEqual(scriptCalls(String.raw`tools.apply_patch("a\"b\n\u00e9\x41")`), [
      { name: 'apply_patch', arguments: { input: 'a"b\néA' } },
    ]);
  });
});
