/** `list`: the fixtures, transcript formats, strategies and providers a user can name. */
import { PROVIDER_TABLE } from '../providers/registry.ts';
import { IMPORTER_LIST } from '../session/importers/index.ts';
import { listSessions, loadSession } from '../session/load.ts';
import { STRATEGIES } from '../strategies/registry.ts';
import type { StrategyGroup } from '../strategies/types.ts';
import { countMessages, getTokenizer } from '../tokens.ts';

/** One shipped fixture. */
export type SessionEntry = { name: string; format: string; messages: number; tokens: number };
/** One transcript format: its `--format` name and what it reads (in detection order). */
export type FormatEntry = { format: string; description: string };
/** One registered strategy. */
export type StrategyEntry = { name: string; group: StrategyGroup; callsModel: boolean; description: string };
/** One provider spec. */
export type ProviderEntry = { spec: string; description: string };

/** What `list` reports. */
export type ListResult = {
  tokenizer: string;
  fixtures: SessionEntry[];
  formats: FormatEntry[];
  strategies: StrategyEntry[];
  providers: ProviderEntry[];
};

/** The shipped fixtures with their sizes, every transcript format, every strategy and every provider. */
export async function listAvailable(options: { tokenizer: string }): Promise<ListResult> {
  const tokenizer = await getTokenizer(options.tokenizer);
  const fixtures: SessionEntry[] = [];
  for (const name of await listSessions()) {
    const session = await loadSession(name);
    const tokens = countMessages(tokenizer, session.messages).reduce((sum, count) => sum + count, 0);
    fixtures.push({ name, format: session.format, messages: session.messages.length, tokens });
  }
  const strategies = Object.values(STRATEGIES).map(({ name, group, callsModel, description }) => ({
    name,
    group,
    callsModel,
    description,
  }));
  const providers = PROVIDER_TABLE.map(({ spec, description }) => ({ spec, description }));
  const formats = IMPORTER_LIST.map(({ format, description }) => ({ format, description }));
  return { tokenizer: tokenizer.name, fixtures, formats, strategies, providers };
}
