/**
 * What a file now holds (src/quality/derive/artifacts.ts): a definition a later edit took out of a file (moved to
 * another file, or dropped) is no fact of that file, a file whose every written line was taken out again has no
 * artifact probe, and a file the agent wrote from a shell heredoc is a file of the work like one an edit tool wrote.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { draftProbes } from '../../src/quality/derive/derive.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const STABLE_ID = [
  '// stableSessionId returns one session id per agent session, reusing the id of its state file.',
  'export function stableSessionId(agentId: string): string {',
  '\treturn lookup(agentId) ?? fresh(agentId);',
  '}',
].join('\n');

/** One tool call and its result. */
function run(name: string, args: Record<string, unknown>, output = 'Done.'): Message[] {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

/** The agent adds stableSessionId to src/strategy/state.ts, then (when `moved`) moves it to src/session/ids.ts. */
function movedFunction(moved: boolean, keepOther = false): Message[] {
  const before = 'export const STATE_DIR = ".state";';
  const after = keepOther ? `${before}\nexport const STATE_VERSION = 2;` : before;
  return [
    user('make the session id stable across days'),
    ...run('read', { path: 'src/strategy/state.ts' }, before),
    assistant('Let me add a schema version for the state files and the stable id.'),
    ...run('edit', {
      path: 'src/strategy/state.ts',
      oldText: before,
      newText: `${after}\n\n${STABLE_ID}`,
    }),
    assistant('Added stableSessionId to the strategy state.'),
    ...(moved
      ? [
          user('the id belongs to the session package'),
          ...run('write', {
            path: 'src/session/ids.ts',
            content: `import { lookup, fresh } from "./store";\n\n${STABLE_ID}\n`,
          }),
          ...run('edit', {
            path: 'src/strategy/state.ts',
            oldText: `${after}\n\n${STABLE_ID}`,
            newText: after,
          }),
          assistant('Moved stableSessionId into src/session/ids.ts.'),
        ]
      : []),
  ];
}

const artifacts = (messages: Message[]) =>
  draftProbes(session(messages)).filter((probe) => probe.kind === 'artifact');

describe('what a file now holds', () => {
  it('tells the file a function was moved to, and none of the file it left', () => {
    const before = artifacts(movedFunction(false));
    assert.deepEqual(
      before.map((probe) => [probe.file, probe.facets]),
      [['src/strategy/state.ts', [['stableSessionId'], ['returns one session id per']]]],
    );
    const after = artifacts(movedFunction(true));
    assert.deepEqual(
      after.map((probe) => [probe.file, probe.facets]),
      [['src/session/ids.ts', [['stableSessionId'], ['returns one session id per']]]],
    );
  });

  it("names no definition a later edit took out, where the file's other change stands", () => {
    const [state, ...rest] = artifacts(movedFunction(true, true));
    assert.equal(state?.file, 'src/strategy/state.ts');
    assert.equal(rest.length, 1);
    assert.doesNotMatch(`${state!.answer} ${state!.statement ?? ''}`, /stableSessionId/);
    assert.match(state!.answer, /STATE_VERSION/);
  });

  it('reads a line whose trailing comment was rewritten later as the same line', () => {
    const sweep = (comment: string) =>
      `// sweepOld deletes the state files older than today.\nexport function sweepOld(dir: string) {\n\tremoveOld(dir) // ${comment}\n}`;
    const messages = [
      user('clean up the old state files'),
      assistant('Let me add a sweep of old state files to the cleanup module.'),
      ...run('edit', {
        path: 'src/cleanup.ts',
        oldText: 'start()',
        newText: `start()\n${sweep('best-effort')}`,
      }),
      user('no, leave the old files alone'),
      // A linter had rewritten the comment in between: the line is still the one the first edit wrote.
      ...run('edit', {
        path: 'src/cleanup.ts',
        oldText: `start()\n${sweep('nolint: best-effort')}`,
        newText: 'start()',
      }),
    ];
    assert.deepEqual(artifacts(messages), []);
    assert.equal(artifacts(messages.slice(0, 4)).length, 1);
  });

  it('tells a file the agent wrote from a shell heredoc, as one an edit tool wrote', () => {
    const command = `cat > src/checkpoint/validators.ts << 'EOF'\n// pathSafe matches letters, digits, underscores and hyphens only.\nexport const pathSafe = /^[\\w-]+$/;\nEOF`;
    const call = toolCall('bash', { command });
    const messages: Message[] = [
      user('move the validators to the checkpoint package'),
      callsTools([call]),
      toolResult(call, ''),
    ];
    const written = session(messages, {
      fileOperations: [
        {
          kind: 'write',
          path: 'src/checkpoint/validators.ts',
          tool: 'bash',
          toolCallId: call.id,
          messageIndex: 1,
        },
      ],
    });
    const probes = draftProbes(written).filter((probe) => probe.kind === 'artifact');
    assert.deepEqual(
      probes.map((probe) => [probe.file, probe.facets]),
      [['src/checkpoint/validators.ts', [['pathSafe'], ['matches letters']]]],
    );
  });
});
