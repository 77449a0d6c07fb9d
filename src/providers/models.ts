/** What we know of well-known models, from the provider table: context window for `--context-window`, and cost. */
import type { ModelInfo } from './model-info.ts';
import { providerEntry } from './registry.ts';
import type { PriceTier, Usage } from './types.ts';

/** Snapshot and alias suffixes (`-2025-04-14`, `-20250929`, `-latest`) name the same model and price. */
const SNAPSHOT_SUFFIX = /-(?:\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

/** What the table knows of that model (snapshots included); undefined for unknown models. */
export function modelInfo(providerId: string, model: string): ModelInfo | undefined {
  const entry = providerEntry(providerId);
  if (!entry?.takesModel) return undefined;
  return entry.models[model] ?? entry.models[model.replace(SNAPSHOT_SUFFIX, '')];
}

/**
 * Dollars for one usage figure, when the model's price is known: uncached input at the input
 * price, cache reads at the cache price, cache writes at the cache-write price, output at the output
 * price, all times the model's batch price factor for the `batch` tier. Null when unknown (local models, new
 * models): an unknown price is not a zero price.
 */
export function costOf(
  providerId: string,
  model: string,
  usage: Usage,
  tier: PriceTier = 'standard',
): number | null {
  const info = modelInfo(providerId, model);
  if (!info) return null;
  const factor = tier === 'batch' ? info.batchPriceFactor : 1;
  const cached = Math.min(usage.cachedInput ?? 0, usage.input);
  const written = Math.min(usage.cacheWriteInput ?? 0, usage.input - cached);
  return (
    (factor *
      ((usage.input - cached - written) * info.inputPerMillion +
        cached * info.cachedInputPerMillion +
        written * info.cacheWritePerMillion +
        usage.output * info.outputPerMillion)) /
    1_000_000
  );
}
