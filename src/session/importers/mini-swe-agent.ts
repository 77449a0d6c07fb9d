/**
 * mini-swe-agent trajectories (`*.traj.json`): `{info, messages, trajectory_format}`. Version 1
 * (`mini-swe-agent-1`) keeps plain chat messages: the assistant's command is the one fenced `bash`
 * block of its reply and the next user message is that command's output (`<returncode>`, `<output>`).
 * Version 2 (`mini-swe-agent-1.1`) adds `extra` to each message: the parsed `actions`, the observation's
 * `returncode`, timestamps and usage, and with tool calling the observations are `tool` messages and
 * the run ends with an `exit` message. SWE-agent's own `.traj` files (steps under `trajectory`) are a
 * different format and are refused by name.
 */
import * as z from 'zod';
import { InputError } from '../../errors.ts';
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { LineError } from '../json-lines.ts';
import type {
  Message,
  MessageSource,
  RecordedUsage,
  TextBlock,
  ToolCallBlock,
  UserMessage,
} from '../types.ts';
import { emptyStats } from '../types.ts';
import { argumentsFromJson, textBlock } from './content.ts';
import { miniSweAgentFileTargets } from './file-targets.ts';
import { readMessagesDocument } from './json-document.ts';
import { isSweAgentTrajectory, RETURN_CODE } from './mini-swe-agent-detection.ts';
import { textChunks } from '../source-file.ts';
import { parseAt } from './parse-at.ts';

const contentSchema = z
  .union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))])
  .nullish();
const extraSchema = z
  .looseObject({
    actions: z.array(z.looseObject({ command: z.string(), tool_call_id: z.string().optional() })).optional(),
    returncode: z.number().nullish(),
    exception_info: z.string().nullish(),
    interrupt_type: z.string().optional(),
    exit_status: z.string().optional(),
    timestamp: z.number().optional(),
    response: z
      .looseObject({
        model: z.string().optional(),
        usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
      })
      .nullish(),
  })
  .nullish();
const messageSchema = z.object({
  role: z.string(),
  content: contentSchema,
  tool_calls: z
    .array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.string() }) }))
    .nullish(),
  tool_call_id: z.string().nullish(),
  extra: extraSchema,
});
const infoSchema = z
  .looseObject({
    exit_status: z.string().nullish(),
    mini_version: z.string().optional(),
    model_stats: z
      .looseObject({ instance_cost: z.number().optional(), api_calls: z.number().optional() })
      .optional(),
    config: z
      .looseObject({ model: z.looseObject({ model_name: z.string().optional() }).optional() })
      .optional(),
  })
  .optional();

/** The fenced command of a version 1 reply: ```bash (mini-swe-agent 1) or ```mswea_bash_command (2, text mode). */
const ACTION_BLOCK = /```(?:bash|mswea_bash_command)[ \t]*\n([\s\S]*?)\n```/g;
const WHOLE_OUTPUT = /^<output>\n?([\s\S]*?)<\/output>\s*$/;
/** What version 1 harness messages say when a reply held no command or several (its templates have no marker). */
const FORMAT_ERROR = /exactly one action|found \d+ actions|no tool calls found/i;

function text(content: z.infer<typeof contentSchema>): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .flatMap((part) => (part.type === 'text' && part.text !== undefined ? [part.text] : []))
    .join('\n');
}

/** An observation's text without the return-code tag (and the `<output>` wrapper when that is all), and its code. */
function observation(rendered: string): { output: string; returnCode: number | undefined } {
  const code = RETURN_CODE.exec(rendered);
  if (!code) return { output: rendered, returnCode: undefined };
  const rest = rendered.slice(code[0].length);
  return { output: WHOLE_OUTPUT.exec(rest)?.[1] ?? rest, returnCode: Number(code[1]) };
}

/** The first characters of a file, enough to see its top-level keys. */
async function head(file: string): Promise<string> {
  let start = '';
  for await (const chunk of textChunks(file)) {
    start += chunk;
    if (start.length >= 64 * 1024) break;
  }
  return start;
}

async function readMiniSweAgent(file: string, options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  const messages: Message[] = [];
  const sources: MessageSource[] = [];
  const systemTexts: string[] = [];
  /** Calls of the latest reply that no observation has answered yet, oldest first. */
  let pending: string[] = [];
  let sawPrompt = false;
  let exitStatus: string | undefined;
  const outline = await readMessagesDocument(file, stats, options, ({ record, at, index, source }) => {
    const add = (message: Message) => {
      messages.push(message);
      sources.push(source);
    };
    const message = parseAt(messageSchema, record, at);
    const extra = message.extra ?? {};
    const timestamp = extra.timestamp === undefined ? undefined : Math.round(extra.timestamp * 1000);
    const content = text(message.content);
    const answer = (callId: string, rendered: string) => {
      const { output, returnCode } = observation(rendered);
      const code = extra.returncode ?? returnCode;
      const failed =
        (code !== undefined && code !== null && code !== 0) ||
        Boolean(extra.exception_info) ||
        (code === undefined && /timed out and has been killed/.test(rendered));
      const result: Message = {
        role: 'toolResult',
        toolCallId: callId,
        toolName: 'bash',
        content: output === '' ? [] : [textBlock(output)],
        isError: failed,
      };
      if (timestamp !== undefined) result.timestamp = timestamp;
      add(result);
    };
    switch (message.role) {
      case 'system':
        systemTexts.push(content);
        stats.metadataLines++;
        return;
      case 'assistant': {
        pending = [];
        const blocks: Array<TextBlock | ToolCallBlock> = [];
        let thought = content;
        const calls: ToolCallBlock[] = [];
        if (message.tool_calls?.length) {
          for (const call of message.tool_calls) {
            calls.push({
              type: 'toolCall',
              id: call.id,
              name: call.function.name,
              arguments: argumentsFromJson(call.function.arguments),
            });
          }
        } else if (extra.actions) {
          extra.actions.forEach((action, position) =>
            calls.push({
              type: 'toolCall',
              id: action.tool_call_id ?? `action_${index}_${position}`,
              name: 'bash',
              arguments: { command: action.command },
            }),
          );
          if (calls.length > 0) thought = content.replace(ACTION_BLOCK, '').trim();
        } else {
          // Version 1: the harness runs the reply's command only when it holds exactly one.
          const commands = [...content.matchAll(ACTION_BLOCK)];
          if (commands.length === 1) {
            calls.push({
              type: 'toolCall',
              id: `action_${index}`,
              name: 'bash',
              arguments: { command: commands[0]![1]! },
            });
            thought = content.replace(ACTION_BLOCK, '').trim();
          }
        }
        if (thought !== '') blocks.push(textBlock(thought));
        blocks.push(...calls);
        if (blocks.length === 0) return;
        pending = calls.map((call) => call.id);
        const assistant: Message = { role: 'assistant', content: blocks };
        const usage = extra.response?.usage;
        if (usage) {
          const recorded: RecordedUsage = { input: usage.prompt_tokens, output: usage.completion_tokens };
          assistant.usage = recorded;
        }
        if (extra.response?.model) assistant.model = extra.response.model;
        if (timestamp !== undefined) assistant.timestamp = timestamp;
        add(assistant);
        return;
      }
      case 'tool': {
        const callId = message.tool_call_id ?? pending[0];
        if (callId === undefined)
          throw new LineError(
            file,
            at.line,
            `${at.path}.tool_call_id: expected the id of the call it answers`,
          );
        pending = pending.filter((id) => id !== callId);
        answer(callId, content);
        return;
      }
      case 'user': {
        // The harness's reply to a reply it could not run: the model saw it, the user never wrote it.
        const harness =
          extra.interrupt_type !== undefined ||
          (sawPrompt && pending.length === 0 && FORMAT_ERROR.test(content));
        if (!harness && pending.length > 0) {
          // The output of the reply's command: an observation, a timeout, or (version 1) the submission.
          answer(pending.shift()!, content);
          return;
        }
        const user: UserMessage = { role: 'user', content };
        if (harness) user.context = 'meta';
        if (timestamp !== undefined) user.timestamp = timestamp;
        sawPrompt = true;
        add(user);
        return;
      }
      case 'exit': {
        exitStatus = extra.exit_status ?? content;
        // Version 2 ends a submitted run with the submission: the output of the submit command.
        if (extra.exit_status === 'Submitted' && pending.length > 0) answer(pending.shift()!, content);
        else stats.metadataLines++;
        return;
      }
      default:
        stats.unknownLines++;
    }
  });
  const info = parseAt(infoSchema, outline.fields.info, { file, line: 1, path: 'info' });
  const metadata: Record<string, unknown> = { document: outline.shape };
  if (systemTexts.length > 0) metadata.system = systemTexts.join('\n\n');
  const status = info?.exit_status ?? exitStatus;
  if (status) metadata.exitStatus = status;
  if (info?.mini_version) metadata.miniVersion = info.mini_version;
  if (info?.config?.model?.model_name) metadata.model = info.config.model.model_name;
  if (info?.model_stats?.api_calls !== undefined) metadata.apiCalls = info.model_stats.api_calls;
  if (info?.model_stats?.instance_cost !== undefined) metadata.cost = info.model_stats.instance_cost;
  const format = outline.fields.trajectory_format;
  return {
    formatVersion: typeof format === 'string' ? format : undefined,
    messages,
    sources,
    compactions: [],
    metadata,
    stats,
  };
}

/** The mini-swe-agent trajectory reader (and the one place SWE-agent's `.traj` is refused by name). */
export const miniSweAgentReader: FormatReader = {
  read: async (file, options) => {
    if (isSweAgentTrajectory(await head(file))) {
      throw new InputError(
        `${file}: a SWE-agent trajectory (.traj with "trajectory" steps of action and observation) is not supported; mini-swe-agent's *.traj.json is`,
      );
    }
    return readMiniSweAgent(file, options);
  },
  fileTargets: miniSweAgentFileTargets,
};
