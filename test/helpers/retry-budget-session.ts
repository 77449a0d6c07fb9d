/**
 * The session the denial batteries score (test/quality/denials-and-pending.test.ts, denials-in-other-words.test.ts).
 */
import { assistant, callsTools, session, shellRun, toolCall, toolResult, user } from './factories.ts';

/**
 * A session that adds a retry budget: tests pass, a commit is made, a token bucket is chosen over a fixed counter, the
 * later type check fails and is live.
 */
export function retryBudgetSession() {
  const read = toolCall('read', { path: 'lib/http/client.ts' });
  const write = toolCall('write', {
    path: 'lib/http/retry_budget.ts',
    content:
      'export class RetryBudget {\n  constructor(private tokens = 10) {}\n  take(): boolean { return this.tokens-- > 0; }\n}\n',
  });
  const edit = toolCall('edit', { path: 'lib/http/timeout.ts', oldText: 'a', newText: 'b' });
  const reads = [
    'docs/http.md',
    'lib/http/headers.ts',
    'lib/http/errors.ts',
    'test/client.test.ts',
    'lib/index.ts',
  ].flatMap((path) => {
    const call = toolCall('read', { path });
    return [callsTools([call]), toolResult(call, `// ${path}\nexport const unrelated = true;\n`)];
  });
  return session([
    user(
      'Add a retry budget to the HTTP client in lib/http/client.ts. Do not add new dependencies. Run the tests with npm test when done.',
    ),
    callsTools([read]),
    toolResult(read, 'export async function get(url: string) {\n  return fetch(url);\n}\n'),
    callsTools([write]),
    toolResult(write, 'Wrote lib/http/retry_budget.ts'),
    ...shellRun('npm test', 'PASS test/client.test.ts\nTests: 12 passed, 12 total'),
    ...shellRun(
      'git add lib/http && git commit -m "feat: add a retry budget to the HTTP client"',
      '[main 1a2b3c4] feat: add a retry budget to the HTTP client\n 2 files changed, 40 insertions(+)',
    ),
    ...reads,
    assistant("I'll use a token bucket instead of a fixed retry counter, since bursts should be allowed."),
    user('Now also wire the budget into lib/http/timeout.ts.'),
    callsTools([edit]),
    toolResult(edit, 'Edited lib/http/timeout.ts'),
    ...shellRun(
      'npx tsc --noEmit',
      "lib/http/timeout.ts(14,11): error TS2304: Cannot find name 'RetryBudgetExceeded'.",
      true,
    ),
    assistant('The type check fails: TS2304 Cannot find name RetryBudgetExceeded in timeout.ts.'),
  ]);
}
