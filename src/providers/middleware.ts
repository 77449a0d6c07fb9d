/**
 * The one shape of what stands in front of a provider (the response cache, a cassette recorded or replayed, the
 * batch service): a function from the provider behind it to the provider in its place. Each answers `generate`
 * (and may take over `warmUp` and `close`); its `complete` is the text form of its `generate`, as every provider's
 * is. `providers/create.ts` composes them in one place, in one documented order.
 */
import { withTextForm } from './text-form.ts';
import type { Provider } from './types.ts';

/** A layer in front of a provider: given the provider behind it (`next`), the provider that answers in its place. */
export type ProviderMiddleware = (next: Provider) => Provider;

/** A middleware from what it makes of `next` without `complete`: the text form is derived here, once for all. */
export function generateMiddleware(
  layer: (next: Provider) => Omit<Provider, 'complete'>,
): ProviderMiddleware {
  return (next) => withTextForm(layer(next));
}

/** The provider behind the layers, listed outermost first: `[a, b]` makes `a(b(provider))`. */
export function applyMiddleware(provider: Provider, layers: readonly ProviderMiddleware[]): Provider {
  return layers.reduceRight((inner, layer) => layer(inner), provider);
}
