/** `list`: the fixtures, strategies and providers a user can name. */
import { PROVIDER_TABLE } from './providers/registry.ts';
import { listFixtures, loadSession } from './session/load.ts';
import { STRATEGIES } from './strategies/registry.ts';
import type { StrategyGroup } from './strategies/types.ts';
import { countMessages, getTokenizer } from './tokens.ts';

/** One shipped fixture. */
export type FixtureEntry = { name: string; format: string; messages: number; tokens: number };
/** One registered strategy. */
export type StrategyEntry = { name: string; group: StrategyGroup; callsModel: boolean; description: string };
/** One provider spec. */
export type ProviderEntry = { spec: string; description: string };

/** What `list` reports. */
export type ListResult = {
  tokenizer: string;
  fixtures: FixtureEntry[];
  strategies: StrategyEntry[];
  providers: ProviderEntry[];
};

/** The shipped fixtures with their sizes, every strategy and every provider. */
export async function listAvailable(options: { tokenizer: string }): Promise<ListResult> {
  const tokenizer = await getTokenizer(options.tokenizer);
  const fixtures: FixtureEntry[] = [];
  for (const name of await listFixtures()) {
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
  return { tokenizer: tokenizer.name, fixtures, strategies, providers };
}
