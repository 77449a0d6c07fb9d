/**
 * The tools the agent had, recovered from the transcript: each tool's name and the shape of its arguments
 * (every key seen, the JSON types each took, the keys every call gave), as tool definitions a model is offered.
 */
import type { ToolDefinition } from '../providers/types.ts';
import { type Message, toolCallsOf } from '../session/types.ts';

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * Every tool the transcript calls, in order of first use. The whole transcript is read, not only the prefix: the
 * agent had all its tools from the start, and leaving out one first used after the cut would rule its answer out.
 */
export function toolDefinitions(messages: readonly Message[]): ToolDefinition[] {
  const shapes = new Map<
    string,
    { calls: number; types: Map<string, Set<string>>; seen: Map<string, number> }
  >();
  for (const message of messages) {
    for (const call of toolCallsOf(message)) {
      let shape = shapes.get(call.name);
      if (!shape) {
        shape = { calls: 0, types: new Map(), seen: new Map() };
        shapes.set(call.name, shape);
      }
      shape.calls++;
      for (const [key, value] of Object.entries(call.arguments ?? {})) {
        if (!shape.types.has(key)) shape.types.set(key, new Set());
        shape.types.get(key)!.add(jsonType(value));
        shape.seen.set(key, (shape.seen.get(key) ?? 0) + 1);
      }
    }
  }
  return [...shapes].map(([name, shape]) => {
    const properties: Record<string, { type: string | string[] }> = {};
    for (const [key, types] of shape.types) {
      const sorted = [...types].sort();
      properties[key] = { type: sorted.length === 1 ? sorted[0]! : sorted };
    }
    const required = [...shape.seen].filter(([, seen]) => seen === shape.calls).map(([key]) => key);
    return {
      name,
      description: `The agent's ${name} tool (called ${shape.calls} time${shape.calls === 1 ? '' : 's'} in the transcript).`,
      parameters: { type: 'object', properties, required },
    };
  });
}
