/**
 * A request the user sends again with a word or two put right ("have a look at linear MCP-108…", then "…linear
 * ENT-108…" when the first id was not found) is one request: the corrected one. A reader states the task by it, not
 * by the slip it replaces.
 */
import { wordsOf } from './phrases.ts';

// At most this many words changed, and at most this share of them: more is another request in the same mould.
const MAX_CHANGED_WORDS = 2;
const MAX_CHANGED_SHARE = 1 / 3;

/** Whether `later` is `earlier` sent again with at most a word or two changed, in the same order. */
export function correctsRequest(earlier: string, later: string): boolean {
  const before = wordsOf(earlier.toLowerCase());
  const after = wordsOf(later.toLowerCase());
  if (before.length !== after.length || before.length === 0) return false;
  const changed = before.filter((word, at) => word !== after[at]).length;
  return changed > 0 && changed <= MAX_CHANGED_WORDS && changed <= before.length * MAX_CHANGED_SHARE;
}

/** The requests without those the user's next request sends again corrected. */
export function withoutCorrected<Request extends { prose: string }>(requests: readonly Request[]): Request[] {
  return requests.filter((request, at) => {
    const next = requests[at + 1];
    return next === undefined || !correctsRequest(request.prose, next.prose);
  });
}
