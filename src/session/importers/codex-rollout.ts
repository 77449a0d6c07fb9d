/** Builds a Codex conversation as rollout items, events and compactions arrive, in file order. */
import { z } from 'zod';
import type { ImportResult } from '../importer.ts';
import { LineError } from '../json-lines.ts';
import type {
  AssistantMessage,
  Message,
  MessageSource,
  RecordedCompaction,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  UserMessage,
} from '../types.ts';
import { contentText, isPrompt } from '../types.ts';
import { codexContextKind, contentBlocks, reasoningText, toolOutput } from './codex-content.ts';
import { argumentsFromJson, argumentsFromValue, isRecord, textBlock } from './content.ts';
import { type Location, parseAt } from './parse-at.ts';

const contentItemsSchema = z.array(z.looseObject({ type: z.string() }));
const messageSchema = z.object({ role: z.string(), content: z.union([z.string(), contentItemsSchema]) });
const textPartsSchema = z.array(z.looseObject({ text: z.string().optional() })).nullish();
const reasoningSchema = z.object({ summary: textPartsSchema, content: textPartsSchema });
const functionCallSchema = z.object({
  name: z.string(),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
  call_id: z.string(),
});
const customToolCallSchema = z.object({ name: z.string(), input: z.string(), call_id: z.string() });
const localShellCallSchema = z.object({
  call_id: z.string().nullish(),
  id: z.string().nullish(),
  action: z.record(z.string(), z.unknown()),
});
const webSearchCallSchema = z.object({
  id: z.string().nullish(),
  action: z.record(z.string(), z.unknown()).nullish(),
});
const toolOutputSchema = z.object({ call_id: z.string(), output: z.unknown() });
const sessionMetaSchema = z.object({
  id: z.string().optional(),
  cwd: z.string().optional(),
  cli_version: z.string().optional(),
  originator: z.string().optional(),
  model_provider: z.string().nullish(),
});
const turnContextSchema = z.object({ model: z.string().optional() });
const compactedSchema = z.object({ message: z.string().nullish() });
const tokenUsageSchema = z.object({
  input_tokens: z.number(),
  cached_input_tokens: z.number().optional(),
  output_tokens: z.number(),
  total_tokens: z.number().optional(),
});
const tokenCountSchema = z.object({
  info: z.object({ last_token_usage: tokenUsageSchema.nullish() }).nullish(),
});
const rolledBackSchema = z.object({ num_turns: z.number().int().min(0) });

/** Item types that are bookkeeping (undo snapshots, encrypted server-side compaction, tool search). */
const METADATA_ITEMS = new Set([
  'ghost_snapshot',
  'compaction',
  'compaction_summary',
  'context_compaction',
  'tool_search_call',
  'tool_search_output',
  'image_generation_call',
]);
const TOOL_OUTPUT_ITEMS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
]);
/** Types a bare (legacy or flattened) line can have, besides the envelope's record types. */
export const ITEM_TYPES = new Set([
  'message',
  'reasoning',
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'web_search_call',
  ...TOOL_OUTPUT_ITEMS,
  ...METADATA_ITEMS,
]);
/** A user message, flagged as context when Codex injected it. */
function userMessage(content: UserMessage['content'], timestamp: number | undefined): UserMessage {
  const message: UserMessage = { role: 'user', content, timestamp };
  const context = codexContextKind(contentText(content));
  if (context) message.context = context;
  return message;
}

/** Builds the conversation as rollout lines arrive. */
export class RolloutReader {
  readonly messages: Message[] = [];
  /** The line each message started on, parallel to `messages`. */
  readonly sources: MessageSource[] = [];
  readonly compactions: RecordedCompaction[] = [];
  /** Conversation seen only as events; used when a rollout has no response items at all. */
  readonly eventMessages: Message[] = [];
  readonly eventSources: MessageSource[] = [];
  readonly metadata: Record<string, unknown> = {};
  id: string | undefined;
  cwd: string | undefined;
  version: string | undefined;
  /** The assistant turn (one model response) items are being added to; a user message ends it. */
  private turn: AssistantMessage | undefined;
  /** Whether a tool output has come since the turn began: what follows may be the next response. */
  private turnAnswered = false;
  /** Whether the model's usage has come since the turn's last item: the response is complete. */
  private turnComplete = false;
  /** The latest assistant message that has not yet been given its usage. */
  private awaitingUsage: AssistantMessage | undefined;
  private model: string | undefined;
  private contextTokens: number | undefined;
  private readonly toolNames = new Map<string, string>();
  private syntheticIds = 0;
  private sawSessionMeta = false;

  constructor(private readonly stats: ImportResult['stats']) {}

  private count(key: string, by = 1): void {
    this.metadata[key] = ((this.metadata[key] as number | undefined) ?? 0) + by;
  }

  private metadataLine(): void {
    this.stats.metadataLines++;
  }

  private push(message: Message, line: number): void {
    this.messages.push(message);
    this.sources.push({ line });
  }

  private pushEvent(message: Message, line: number): void {
    this.eventMessages.push(message);
    this.eventSources.push({ line });
  }

  sessionMeta(payload: unknown, at: Location): void {
    const meta = parseAt(sessionMetaSchema, payload, at);
    this.metadataLine();
    // A forked rollout repeats its parent's header after its own: the first one is this session.
    if (this.sawSessionMeta) return;
    this.sawSessionMeta = true;
    this.id = meta.id;
    this.cwd = meta.cwd;
    this.version = meta.cli_version;
    if (meta.originator) this.metadata.originator = meta.originator;
    if (meta.model_provider) this.metadata.modelProvider = meta.model_provider;
  }

  turnContext(payload: unknown, at: Location): void {
    const { model } = parseAt(turnContextSchema, payload, at);
    this.metadataLine();
    if (!model || model === this.model) return;
    this.model = model;
    const models = (this.metadata.models as string[] | undefined) ?? [];
    if (!models.includes(model)) this.metadata.models = [...models, model];
  }

  compacted(payload: unknown, at: Location): void {
    const { message } = parseAt(compactedSchema, payload, at);
    this.metadataLine();
    this.turn = undefined;
    // Remote compaction keeps only an encrypted summary; the readable one is then empty.
    const compaction: RecordedCompaction = { summary: message ?? '', messageIndex: this.messages.length };
    if (this.contextTokens !== undefined) compaction.tokensBefore = this.contextTokens;
    this.compactions.push(compaction);
  }

  event(payload: unknown, at: Location, timestamp: number | undefined): void {
    this.metadataLine();
    if (!isRecord(payload))
      throw new LineError(at.file, at.line, `${at.path || 'payload'}: expected an object`);
    switch (payload.type) {
      case 'token_count': {
        this.turnComplete = true;
        const usage = parseAt(tokenCountSchema, payload, at).info?.last_token_usage;
        if (!usage) return;
        this.contextTokens = usage.total_tokens ?? usage.input_tokens + usage.output_tokens;
        if (this.awaitingUsage) {
          // OpenAI counts cached tokens inside input_tokens; the canonical usage keeps them apart.
          const cached = usage.cached_input_tokens ?? 0;
          this.awaitingUsage.usage = {
            input: usage.input_tokens - cached,
            output: usage.output_tokens,
            cacheRead: cached,
          };
          this.awaitingUsage = undefined;
        }
        return;
      }
      case 'thread_rolled_back':
        this.rollBack(parseAt(rolledBackSchema, payload, at).num_turns);
        return;
      case 'user_message':
        if (typeof payload.message === 'string') {
          this.pushEvent(userMessage(payload.message, timestamp), at.line);
        }
        return;
      case 'agent_message':
        if (typeof payload.message === 'string') {
          this.pushEvent({ role: 'assistant', content: [textBlock(payload.message)], timestamp }, at.line);
        }
        return;
      case 'agent_reasoning':
        if (typeof payload.text === 'string') {
          this.pushEvent(
            { role: 'assistant', content: [{ type: 'thinking', thinking: payload.text }], timestamp },
            at.line,
          );
        }
        return;
    }
  }

  /** `/undo`-style rollback: the last `turns` user turns and everything after them leave the history. */
  private rollBack(turns: number): void {
    let cut = this.messages.length;
    let remaining = turns;
    for (let index = this.messages.length - 1; index >= 0 && remaining > 0; index--) {
      if (isPrompt(this.messages[index]!)) {
        cut = index;
        remaining--;
      }
    }
    if (cut === this.messages.length) return;
    this.count('rolledBackMessages', this.messages.length - cut);
    this.messages.length = cut;
    this.sources.length = cut;
    for (const compaction of this.compactions)
      compaction.messageIndex = Math.min(compaction.messageIndex, cut);
    this.turn = undefined;
    this.awaitingUsage = undefined;
  }

  /**
   * Whether an item after a tool output still belongs to the current model response. Older Codex
   * versions record a response's calls each followed by its output (call, output, call, output), so a
   * call after an output is the same response when the turn began with reasoning (a reasoning model
   * starts every response with it), no new reasoning or text came, and the response's usage has not
   * been reported since. Without reasoning the two layouts cannot be told apart: a new turn, as before.
   */
  private continuesResponse(block: TextBlock | ThinkingBlock | ToolCallBlock): boolean {
    if (!this.turn) return false;
    if (!this.turnAnswered) return true;
    const reasoned = this.turn.content.some((part) => part.type === 'thinking');
    return block.type === 'toolCall' && reasoned && !this.turnComplete;
  }

  private addToTurn(
    block: TextBlock | ThinkingBlock | ToolCallBlock,
    at: Location,
    timestamp: number | undefined,
  ): void {
    if (!this.continuesResponse(block)) {
      this.turnAnswered = false;
      this.turn = { role: 'assistant', content: [] };
      if (this.model) this.turn.model = this.model;
      if (timestamp !== undefined) this.turn.timestamp = timestamp;
      this.push(this.turn, at.line);
      this.awaitingUsage = this.turn;
    }
    this.turnComplete = false;
    this.turn!.content.push(block);
    if (block.type === 'toolCall') this.toolNames.set(block.id, block.name);
  }

  private toolCall(
    id: string,
    name: string,
    callArguments: Record<string, unknown>,
    at: Location,
    timestamp: number | undefined,
  ) {
    this.addToTurn({ type: 'toolCall', id, name, arguments: callArguments }, at, timestamp);
  }

  item(payload: unknown, at: Location, timestamp: number | undefined): void {
    if (!isRecord(payload) || typeof payload.type !== 'string') {
      throw new LineError(
        at.file,
        at.line,
        `${at.path ? `${at.path}.` : ''}type: expected a string naming the item type`,
      );
    }
    const type = payload.type;
    switch (type) {
      case 'message':
        this.message(parseAt(messageSchema, payload, at), at, timestamp);
        return;
      case 'reasoning': {
        const reasoning = parseAt(reasoningSchema, payload, at);
        // Raw reasoning when the model exposes it, otherwise the summary it shows.
        const thinking = reasoningText(reasoning.content) || reasoningText(reasoning.summary);
        if (thinking) this.addToTurn({ type: 'thinking', thinking }, at, timestamp);
        return;
      }
      case 'function_call': {
        const call = parseAt(functionCallSchema, payload, at);
        const callArguments =
          typeof call.arguments === 'string' ? argumentsFromJson(call.arguments) : call.arguments;
        this.toolCall(call.call_id, call.name, callArguments, at, timestamp);
        return;
      }
      case 'custom_tool_call': {
        const call = parseAt(customToolCallSchema, payload, at);
        this.toolCall(call.call_id, call.name, { input: call.input }, at, timestamp);
        return;
      }
      case 'local_shell_call': {
        const call = parseAt(localShellCallSchema, payload, at);
        const { type: _actionType, ...action } = call.action;
        this.toolCall(
          call.call_id ?? call.id ?? this.syntheticId('local_shell'),
          'local_shell',
          action,
          at,
          timestamp,
        );
        return;
      }
      case 'web_search_call': {
        const call = parseAt(webSearchCallSchema, payload, at);
        const id = call.id ?? this.syntheticId('web_search');
        this.toolCall(id, 'web_search', argumentsFromValue(call.action ?? {}), at, timestamp);
        return;
      }
    }
    if (TOOL_OUTPUT_ITEMS.has(type)) {
      const output = parseAt(toolOutputSchema, payload, at);
      this.turnAnswered = true;
      this.push(
        {
          role: 'toolResult',
          toolCallId: output.call_id,
          toolName: this.toolNames.get(output.call_id) ?? 'unknown',
          ...toolOutput(output.output),
          timestamp,
        },
        at.line,
      );
      return;
    }
    if (METADATA_ITEMS.has(type)) this.metadataLine();
    else this.stats.unknownLines++;
  }

  private syntheticId(prefix: string): string {
    this.syntheticIds++;
    return `${prefix}_${this.syntheticIds}`;
  }

  private message(message: z.infer<typeof messageSchema>, at: Location, timestamp: number | undefined): void {
    const blocks =
      typeof message.content === 'string' ? [textBlock(message.content)] : contentBlocks(message.content);
    switch (message.role) {
      case 'assistant':
        for (const block of blocks) if (block.type === 'text') this.addToTurn(block, at, timestamp);
        return;
      case 'user': {
        this.turn = undefined;
        const only = blocks[0];
        this.push(
          userMessage(blocks.length === 1 && only?.type === 'text' ? only.text : blocks, timestamp),
          at.line,
        );
        return;
      }
      default:
        // Developer and system messages are instructions (sandbox, approvals), like a system prompt.
        this.count(`${message.role}Messages`);
        this.metadataLine();
    }
  }
}
