/** Renders a {@link ListResult} for the terminal. */
import type { ListResult } from '../inspect/list.ts';
import { formatInteger } from '../text/numbers.ts';
import { terminalTable } from './table.ts';

/** The text `list` prints. */
export function renderList(result: ListResult): string {
  const fixtures = terminalTable({
    head: ['Transcript', 'Format', 'Messages', 'Tokens'],
    alignRight: [false, false, true, true],
    rows: result.fixtures.map((fixture) => [
      fixture.name,
      fixture.format,
      fixture.messages,
      formatInteger(fixture.tokens),
    ]),
  });
  const formats = terminalTable({
    head: ['Format', 'What it reads'],
    rows: result.formats.map((entry) => [entry.format, entry.description]),
  });
  const strategies = terminalTable({
    head: ['Strategy', 'Group', 'Calls a model', 'What it does'],
    rows: result.strategies.map((strategy) => [
      strategy.name,
      strategy.group,
      strategy.callsModel ? 'yes' : 'no',
      strategy.description,
    ]),
  });
  const providers = terminalTable({
    head: ['Provider', 'What it is'],
    rows: result.providers.map((provider) => [provider.spec, provider.description]),
  });
  return [
    `Sessions (fixtures/, tokens by ${result.tokenizer}${result.tokenizer === 'heuristic' ? ': estimates, chars/4' : ''})`,
    fixtures,
    '',
    'Transcript formats (detected from the content; --format <name> forces one)',
    formats,
    '',
    'Strategies (-s name,…  or a group: core, baselines, agents, all  or <core name>+recent  or ./my-strategy.ts)',
    strategies,
    '',
    'Providers (-p)',
    providers,
  ].join('\n');
}
