/**
 * A spelling that carries its own negation ("not be acknowledged", "migrations/ alone") states its fact plainly: a
 * negation found beside it is its own, not a denial of the fact.
 */

/** Matches a canonical spelling that holds a word of negation or of leaving alone. */
export const SELF_NEGATING =
  /(?:^|[\s(])(?:not|no|never|nor|without|instead|rather|alone|untouched|unchanged|n't|don't|do not|doesn't|avoid)(?=[\s,]|$)/;
