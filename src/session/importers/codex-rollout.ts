/** Builds a Codex conversation as rollout items, events and compactions arrive, in file order. */
import type * as z from 'zod';
import type { ImportResult } from '../importer.ts';
import { LineError } from '../json-lines.ts';
import type {
  AssistantMessage,
  Message,
  MessageSource,
  AgentCompaction,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  UserMessage,
} from '../types.ts';
import { contentText, isPrompt } from '../types.ts';
import {
  CODE_MODE_TOOL,
  type CodeCells,
  cellEvent,
  closeCell,
  isCellEvent,
  openCell,
} from './codex-code-mode.ts';
import { codexContextKind, contentBlocks, reasoningText, toolOutput } from './codex-content.ts';
import { argumentsFromJson, argumentsFromValue, isRecord, textBlock } from './content.ts';
import { type Location, parseAt } from './parse-at.ts';
import {
  compactedSchema,
  customToolCallSchema,
  functionCallSchema,
  localShellCallSchema,
  messageSchema,
  reasoningSchema,
  rolledBackSchema,
  sessionMetaSchema,
  tokenCountSchema,
  toolOutputSchema,
  turnContextSchema,
  webSearchCallSchema,
} from './codex-rollout-schemas.ts';

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
  readonly compactions: AgentCompaction[] = [];
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
  /** Code-mode cells whose output has not come yet (see codex-code-mode.ts). */
  private readonly cells: CodeCells = new Map();

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

  /** A `world_state` line (code mode): the working directory and the instructions in force, as metadata. */
  worldState(payload: unknown): void {
    this.metadataLine();
    this.count('worldStates');
    if (!isRecord(payload)) return;
    const nested = Object.values(payload).filter(isRecord);
    const cwd = [payload, ...nested].map((record) => record.cwd).find((value) => typeof value === 'string');
    if (typeof cwd === 'string' && this.cwd === undefined) this.cwd = cwd;
    const instructions = Object.keys(payload).filter(
      (key) => key.includes('instructions') && typeof payload[key] === 'string' && payload[key] !== '',
    );
    if (instructions.length > 0) this.metadata.worldStateInstructions = instructions;
  }

  compacted(payload: unknown, at: Location): void {
    const { message } = parseAt(compactedSchema, payload, at);
    this.metadataLine();
    this.turn = undefined;
    // Remote compaction keeps only an encrypted summary; the readable one is then empty.
    const compaction: AgentCompaction = { summary: message ?? '', messageIndex: this.messages.length };
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
      default:
        if (isCellEvent(payload.type)) cellEvent(this.cells, payload.type, payload);
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
        const cellCalls = call.name === CODE_MODE_TOOL ? openCell(this.cells, call.call_id, call.input) : [];
        // A code-mode script's calls are the tool calls it makes; one that makes none stays the exec call.
        if (cellCalls.length === 0)
          this.toolCall(call.call_id, call.name, { input: call.input }, at, timestamp);
        for (const cellCall of cellCalls)
          this.toolCall(cellCall.id, cellCall.name, cellCall.arguments, at, timestamp);
        if (cellCalls.length > 0) this.count('codeModeCalls', cellCalls.length);
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
      const result = toolOutput(output.output);
      const results = closeCell(this.cells, output.call_id, result) ?? [
        { id: output.call_id, name: this.toolNames.get(output.call_id) ?? 'unknown', ...result },
      ];
      for (const { id, name, content, isError } of results) {
        this.push(
          { role: 'toolResult', toolCallId: id, toolName: name, content, isError, timestamp },
          at.line,
        );
      }
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
