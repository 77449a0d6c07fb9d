/** Work over indexes with a bound on how much runs at once, in order, stopping at the first failure. */

/**
 * Runs `work` on 0 … count − 1, at most `atOnce` at a time, in order of index; after one fails, none more
 * starts (those running finish), and the first failure is thrown.
 */
export async function forEachBounded(
  count: number,
  atOnce: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await work(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, worker));
}
