/** Small factories for canonical messages and sessions, so tests read like the spec. */
import type {
  AssistantMessage,
  ContextKind,
  FileOperation,
  Message,
  Session,
  ToolCallBlock,
  ToolResultMessage,
  UserMessage,
} from '../../src/session/types.ts';
import { emptyStats } from '../../src/session/types.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { livenessReasons } from '../../src/quality/derive/liveness.ts';

let nextCallId = 1;

/** A user message with plain text. */
export function user(text: string): UserMessage {
  return { role: 'user', content: text };
}

/** Context an agent injected as a user message (instructions, environment, a notification, …). */
export function context(kind: ContextKind, text: string): UserMessage {
  return { role: 'user', content: text, context: kind };
}

/** An assistant message with text only. */
export function assistant(text: string): AssistantMessage {
  return { role: 'assistant', content: [{ type: 'text', text }] };
}

/** A tool call block; `id` defaults to a fresh one. */
export function toolCall(
  name: string,
  args: Record<string, unknown>,
  id = `call_${nextCallId++}`,
): ToolCallBlock {
  return { type: 'toolCall', id, name, arguments: args };
}

/** An assistant message that makes tool calls (with optional text first). */
export function callsTools(calls: ToolCallBlock[], text?: string): AssistantMessage {
  return { role: 'assistant', content: [...(text ? [{ type: 'text' as const, text }] : []), ...calls] };
}

/** The result of a tool call. */
export function toolResult(call: ToolCallBlock, text: string, isError = false): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text }],
    isError,
  };
}

/** An edit of a file the agent made (pi's `edit` tool) and its result. */
export function editRun(path: string, output = 'Edited.'): [AssistantMessage, ToolResultMessage] {
  const call = toolCall('edit', { path, oldText: 'a', newText: 'b' });
  return [callsTools([call]), toolResult(call, output)];
}

/** A shell command the agent ran and its result, failed or not: the exchange most derivation tests are made of. */
export function shellRun(
  command: string,
  output: string,
  failed = false,
): [AssistantMessage, ToolResultMessage] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output, failed)];
}

/** A read/edit/write exchange: the assistant's call and its result, as two messages. */
export function toolExchange(
  name: string,
  args: Record<string, unknown>,
  output: string,
): [AssistantMessage, ToolResultMessage] {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

/** One step of a working session: the user's request (if any), the tool the agent calls on a file and its output. */
export type WorkStep = { request?: string; tool: string; path: string; output: string };

/**
 * A working session of `steps` steps, each a tool exchange on a file followed by the assistant's "Step n done.",
 * between an opening and a closing user message when given: the shape the strategy tests slice and summarize.
 */
export function workSession(
  steps: number,
  step: (index: number) => WorkStep,
  frame: { opening?: string; closing?: string } = {},
): Session {
  const messages: Message[] = frame.opening ? [user(frame.opening)] : [];
  for (let index = 0; index < steps; index++) {
    const { request, tool, path, output } = step(index);
    if (request) messages.push(user(request));
    messages.push(...toolExchange(tool, { path }, output));
    messages.push(assistant(`Step ${index} done.`));
  }
  if (frame.closing) messages.push(user(frame.closing));
  return session(messages);
}

/** A canonical session around messages, with pi-style file operations derived from read/write/edit calls. */
export function session(messages: Message[], overrides: Partial<Session> = {}): Session {
  const fileOperations: FileOperation[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'assistant') return;
    for (const block of message.content) {
      if (block.type !== 'toolCall' || typeof block.arguments.path !== 'string') continue;
      const kind =
        block.name === 'read'
          ? 'read'
          : block.name === 'write'
            ? 'write'
            : block.name === 'edit'
              ? 'edit'
              : undefined;
      if (kind)
        fileOperations.push({
          kind,
          path: block.arguments.path,
          tool: block.name,
          toolCallId: block.id,
          messageIndex,
        });
    }
  });
  return {
    name: 'test-session',
    path: '/tmp/test-session.jsonl',
    format: 'pi',
    formatVersion: 3,
    cwd: '/work/project',
    messages,
    sources: messages.map((_, index) => ({ line: index + 1 })),
    fileOperations,
    compactions: [],
    branches: [],
    branch: undefined,
    bridges: [],
    metadata: {},
    stats: emptyStats(),
    ...overrides,
  };
}

/**
 * A derived probe of `kind` for a matcher test: id `<kind>@1`, its statement (if any) its answer, no contradictions;
 * `fields` set the rest (facets, statement, file, …).
 */
export function derivedProbe(kind: string, fields: Partial<Probe> & Pick<Probe, 'facets'>): Probe {
  return {
    id: `${kind}@1`,
    kind,
    question: '?',
    answer: fields.statement ?? fields.facets.map((facet) => facet[0]).join(', '),
    contradictions: [],
    source: 'derived',
    ...fields,
  };
}

/** A derived artifact probe of a file, placed where the file was last changed (`artifact@<index>`). */
export function artifactProbeAt(path: string, messageIndex: number, about = 'parser limits'): Probe {
  return {
    ...derivedProbe('artifact', { facets: [[path.split('/').at(-1)!], [about]] }),
    id: `artifact@${messageIndex}`,
    file: path,
    messageIndex,
  };
}

/** Why the artifact probe of each file (placed at its index) is live or history at the end of these messages. */
export function artifactLivenessAt(
  messages: Message[],
  files: Record<string, number>,
): Record<string, string> {
  const probes = Object.entries(files).map(([path, at]) => artifactProbeAt(path, at));
  const reasons = livenessReasons(probes, session(messages), messages.length);
  return Object.fromEntries(probes.map((probe) => [probe.file!, reasons[probe.id]!]));
}

/** A session where the user asks for one change and the agent commits it (`1a2b3c4`, "feat: add the retry budget"). */
export function committedRetryBudget(): Session {
  const commit = toolCall('bash', {
    command: 'git add lib/retry.ex && git commit -m "feat: add the retry budget"',
  });
  return session([
    user('Add a retry budget to the HTTP client and commit it.'),
    callsTools([commit]),
    toolResult(commit, '[main 1a2b3c4] feat: add the retry budget\n 1 file changed, 40 insertions(+)'),
  ]);
}

/** A derived probe `p` of `kind` for a matcher test whose answer is its first facet's first spelling. */
export function facetProbe(kind: string, facets: string[][], statement?: string): Probe {
  return {
    id: 'p',
    kind,
    question: '?',
    answer: facets[0]![0]!,
    facets,
    contradictions: [],
    source: 'derived',
    ...(statement !== undefined ? { statement } : {}),
  };
}
