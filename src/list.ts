/** `list`: the fixtures, strategies and providers a user can name. */
import { listFixtures, loadSession, resolveFixture } from './session/load.ts';
import { countMessages, getTokenizer } from './tokens.ts';

/** One shipped fixture. */
export type FixtureEntry = { name: string; format: string; messages: number; tokens: number };

/** What `list` reports. */
export type ListResult = { tokenizer: string; fixtures: FixtureEntry[] };

/** The shipped fixtures with their sizes. */
export async function listAvailable(options: { tokenizer: string }): Promise<ListResult> {
  const tokenizer = await getTokenizer(options.tokenizer);
  const fixtures: FixtureEntry[] = [];
  for (const name of await listFixtures()) {
    const session = await loadSession(await resolveFixture(name));
    const tokens = countMessages(tokenizer, session.messages).reduce((sum, count) => sum + count, 0);
    fixtures.push({ name, format: session.format, messages: session.messages.length, tokens });
  }
  return { tokenizer: tokenizer.name, fixtures };
}
