/** Renders a {@link ListResult} for the terminal. */
import type { ListResult } from '../list.ts';
import { formatInteger, terminalTable } from './table.ts';

/** The text `list` prints. */
export function renderList(result: ListResult): string {
  const sections: string[] = [];
  sections.push(
    `Fixtures (fixtures/, tokens by ${result.tokenizer})\n${terminalTable({
      head: ['Name', 'Format', 'Messages', 'Tokens'],
      alignRight: [false, false, true, true],
      rows: result.fixtures.map((fixture) => [
        fixture.name,
        fixture.format,
        fixture.messages,
        formatInteger(fixture.tokens),
      ]),
    })}`,
  );
  return sections.join('\n\n');
}
