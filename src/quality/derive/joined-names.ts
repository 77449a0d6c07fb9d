/**
 * The session's names that join words without a space: camel case (`NewTool`, `handleTopUploaders`) and kebab case
 * (`mcp-server`, also as a folder of a path). The matcher reads a phrase of the same words (`new tool`, `MCP server`)
 * in them, as it reads `key set` in `keyset`, so a list of the session's names or paths keeps a fact told by such a
 * phrase alone.
 */
import type { Message } from '../../session/types.ts';
import { messageText } from '../../session/grep-lines.ts';

// A name with a capital inside it after a lower-case letter or digit: camelCase or PascalCase.
const CAMEL_NAME = /(?<![\p{L}\p{N}_])\p{L}[\p{Ll}\p{N}]*(?:\p{Lu}[\p{Ll}\p{N}]*)+(?![\p{L}\p{N}_])/gu;
// Words joined by hyphens: kebab-case, as an identifier bag lists it.
const KEBAB_NAME = /(?<![\p{L}\p{N}_-])\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)+(?![\p{L}\p{N}_-])/gu;

/**
 * Whether a phrase of plain words is spelt as one of the messages' joined names, its words in order with nothing or
 * a hyphen between them ("new tool" in `mcp.NewTool`, "MCP server" in `go/cmd/mcp-server/`; not in
 * `NewToolResultError`, which the matcher does not read so). The names are read once, on the first question.
 */
export function joinedNameTest(messages: readonly Message[]): (phrase: string) => boolean {
  let names: Set<string> | undefined;
  return (phrase) => {
    const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length < 2 || words.some((word) => !/^[\p{L}\p{N}]+$/u.test(word))) return false;
    names ??= new Set(
      messages.flatMap((message) => {
        const text = messageText(message);
        return [
          ...[...text.matchAll(CAMEL_NAME)].map((match) => match[0].toLowerCase()),
          ...[...text.matchAll(KEBAB_NAME)].map((match) => match[0].toLowerCase()),
        ];
      }),
    );
    return names.has(words.join('')) || names.has(words.join('-'));
  };
}
