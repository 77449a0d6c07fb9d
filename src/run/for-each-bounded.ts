/** Work over indexes with a bound on how much runs at once, in order, stopping at the first failure. */

/**
 * Runs `work` on 0 … count − 1, at most `atOnce` at a time, in order of index. After one fails, none more starts,
 * `onFailure` is told (to stop those running), those running are awaited, and then the first failure is thrown:
 * once this settles nothing it started still runs, so its caller may remove what the work writes into.
 */
export async function forEachBounded(
  count: number,
  atOnce: number,
  work: (index: number) => Promise<void>,
  onFailure?: (error: unknown) => void,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < count) {
      const index = next++;
      try {
        await work(index);
      } catch (error) {
        if (failure !== undefined) continue;
        failure = { error };
        onFailure?.(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, worker));
  if (failure !== undefined) throw failure.error;
}

/**
 * The values of `promises`, in order, once every one has settled; when any rejected, the first rejection (in time)
 * is thrown instead, `onFailure` told of it as it came. Unlike `Promise.all`, nothing is still running when it
 * throws.
 */
export async function allSettledOrFirstFailure<T>(
  promises: ReadonlyArray<Promise<T>>,
  onFailure?: (error: unknown) => void,
): Promise<T[]> {
  let failure: { error: unknown } | undefined;
  const values = await Promise.all(
    promises.map((promise) =>
      promise.catch((error: unknown) => {
        if (failure === undefined) {
          failure = { error };
          onFailure?.(error);
        }
        return undefined as T;
      }),
    ),
  );
  if (failure !== undefined) throw failure.error;
  return values;
}
