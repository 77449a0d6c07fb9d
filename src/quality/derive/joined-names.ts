/**
 * The session's code names that join words in camel case (`NewTool`, `handleTopUploaders`): the matcher reads a
 * phrase of the same words (`new tool`) in them, as it reads `key set` in `keyset`, so a list of the session's names
 * keeps a fact told by such a phrase alone.
 */
import type { Message } from '../../session/types.ts';
import { messageText } from '../../session/grep-lines.ts';

// A name with a capital inside it after a lower-case letter or digit: camelCase or PascalCase.
const JOINED_NAME = /(?<![\p{L}\p{N}_])\p{L}[\p{Ll}\p{N}]*(?:\p{Lu}[\p{Ll}\p{N}]*)+(?![\p{L}\p{N}_])/gu;

/**
 * Whether a phrase of plain words is spelt as one of the messages' joined names, its words in order with nothing
 * between them ("new tool" in `mcp.NewTool`; not in `NewToolResultError`, which the matcher does not read so). The
 * names are read once, on the first question.
 */
export function joinedNameTest(messages: readonly Message[]): (phrase: string) => boolean {
  let names: Set<string> | undefined;
  return (phrase) => {
    const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length < 2 || words.some((word) => !/^[\p{L}\p{N}]+$/u.test(word))) return false;
    names ??= new Set(
      messages.flatMap((message) =>
        [...messageText(message).matchAll(JOINED_NAME)].map((match) => match[0].toLowerCase()),
      ),
    );
    return names.has(words.join(''));
  };
}
