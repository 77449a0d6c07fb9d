/**
 * The wall bench's sequential chains, read on the server: each answer of the loopback model names its request's body
 * length (`summary of a N-character request`), and a chain's next prompt carries that answer, so the requests of a
 * chain can be linked without the client's help.
 */

/** One request as the server saw it: when (performance.now()), its body's length, and its answer's time. */
export type ServedCall = {
  at: number;
  length: number;
  /** The body length named by the last summary the prompt carries: the answer this request follows. */
  after: number | undefined;
  answeredAt: number;
};

/**
 * The sequential chains among the served calls: a request whose prompt carries an answer (the server's answers name
 * their request's length) follows the latest call of that length answered before it arrived; chains of three or more.
 */
export function chainsOf(served: readonly ServedCall[]): ServedCall[][] {
  const next = new Map<ServedCall, ServedCall>();
  const follows = new Set<ServedCall>();
  for (const call of served) {
    if (call.after === undefined) continue;
    const before = served
      .filter(
        (earlier) => earlier.length === call.after && earlier.answeredAt <= call.at && !next.has(earlier),
      )
      .at(-1);
    if (!before) continue;
    next.set(before, call);
    follows.add(call);
  }
  const chains: ServedCall[][] = [];
  for (const head of served) {
    if (follows.has(head) || !next.has(head)) continue;
    const chain = [head];
    for (let call = next.get(head); call; call = next.get(call)) chain.push(call);
    if (chain.length >= 3) chains.push(chain);
  }
  return chains;
}
