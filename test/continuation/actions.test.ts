import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actionOfCall,
  actionsOfMessage,
  commandTarget,
  normaliseCommand,
  realStepsAfter,
} from '../../src/continuation/actions.ts';
import { normalisePath } from '../../src/session/normalise-path.ts';
import { toolDefinitions } from '../../src/continuation/tool-shapes.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

describe('continuation actions', () => {
  it('normalises paths relative to the working directory, without ./ and doubled or trailing slashes', () => {
    assert.equal(normalisePath('/work/project/src//app.ts', '/work/project'), 'src/app.ts');
    assert.equal(normalisePath('./src/app.ts'), 'src/app.ts');
    assert.equal(normalisePath('src/lib/'), 'src/lib');
    assert.equal(normalisePath('/etc/hosts', '/work/project'), '/etc/hosts');
  });

  it('reads a shell command as program and subcommand, past cd prefixes, wrappers and variables', () => {
    assert.equal(commandTarget('cd /work/project && npm test -- --watch=false'), 'npm test');
    assert.equal(commandTarget('CI=1 sudo git -C repo status --short'), 'git status');
    assert.equal(commandTarget('ls -la src | head'), 'ls');
    assert.equal(commandTarget('/usr/bin/python3 script.py'), 'python3');
    assert.equal(normaliseCommand("cd 'a b' ;  cd c &&  make   build"), 'make build');
  });

  it('gives each tool call a kind, a target and normalised arguments', () => {
    const cwd = '/work/project';
    assert.deepEqual(
      actionOfCall({ name: 'Read', arguments: { file_path: '/work/project/src/a.ts' } }, cwd),
      {
        kind: 'read',
        tool: 'Read',
        target: 'src/a.ts',
        arguments: { file_path: 'src/a.ts' },
      },
    );
    const run = actionOfCall({
      name: 'Bash',
      arguments: { command: 'npm  run build', description: 'build it' },
    });
    assert.deepEqual(run, {
      kind: 'run',
      tool: 'Bash',
      target: 'npm run',
      arguments: { command: 'npm run build' },
    });
    assert.equal(
      actionOfCall({ name: 'shell', arguments: { command: ['bash', '-lc', 'cargo test'] } }).target,
      'cargo test',
    );
    assert.deepEqual(
      actionOfCall({ name: 'Grep', arguments: { pattern: 'TODO', path: 'src' } }).target,
      'TODO',
    );
    assert.equal(
      actionOfCall({ name: 'edit', arguments: { path: 'a.ts', oldText: 'x', newText: 'y' } }).kind,
      'edit',
    );
    assert.equal(actionOfCall({ name: 'TodoWrite', arguments: { todos: [] } }).kind, 'other');
  });

  it('reads a turn without a tool call as finishing, or asking when it ends on a question', () => {
    assert.deepEqual(
      actionsOfMessage(assistant('All done: the tests pass.')).map((action) => action.kind),
      ['finish'],
    );
    assert.deepEqual(
      actionsOfMessage(assistant('Should I also update the docs?')).map((action) => action.kind),
      ['ask'],
    );
  });

  it('takes the next K assistant turns from the cut, each parallel call an acceptable answer', () => {
    const first = toolCall('read', { path: 'a.ts' });
    const second = toolCall('read', { path: 'b.ts' });
    const messages = [
      user('fix it'),
      callsTools([first, second]),
      toolResult(first, 'A'),
      toolResult(second, 'B'),
      { role: 'assistant' as const, content: [{ type: 'thinking' as const, thinking: 'hm' }] },
      assistant('Done.'),
    ];
    const steps = realStepsAfter(session(messages), 1, 5);
    assert.deepEqual(
      steps.map((step) => [
        step.messageIndex,
        step.actions.map((action) => `${action.kind}:${action.target}`),
      ]),
      [
        [1, ['read:a.ts', 'read:b.ts']],
        [5, ['finish:']],
      ],
    );
    assert.equal(realStepsAfter(session(messages), 1, 1).length, 1);
  });

  it('recovers each tool and the shape of its arguments from the transcript', () => {
    const messages = [
      callsTools([toolCall('read', { path: 'a.ts' }), toolCall('read', { path: 'b.ts', offset: 10 })]),
      callsTools([toolCall('bash', { command: 'ls', timeout: 5 })]),
    ];
    assert.deepEqual(toolDefinitions(messages), [
      {
        name: 'read',
        description: "The agent's read tool (called 2 times in the transcript).",
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' }, offset: { type: 'integer' } },
          required: ['path'],
        },
      },
      {
        name: 'bash',
        description: "The agent's bash tool (called 1 time in the transcript).",
        parameters: {
          type: 'object',
          properties: { command: { type: 'string' }, timeout: { type: 'integer' } },
          required: ['command', 'timeout'],
        },
      },
    ]);
  });
});
