/**
 * The verbs a pull request is made with. A user asks to "create a PR"; the agent's forge says it "opened" one
 * (`gh pr create` prints its address, a handoff writes "opened as …/pull/201", "raised PR #201"): one act in the
 * words each side uses, so a request's facet that makes a pull request is spelt with each of them.
 */

// The verbs of making a pull request, as a request or a report says them.
const MAKING_VERBS = ['create', 'open', 'raise', 'submit'];

// A phrase that opens with one of them and names a pull request (or a merge request) as its object.
const MAKES_PULL_REQUEST = new RegExp(
  `^(?:${MAKING_VERBS.join('|')})(\\s+(?:(?:a|an|the|new)\\s+)*(?:PRs?|pull requests?|merge requests?|MRs?)\\b.*)$`,
  'i',
);

/** A request's facet spelt with every verb of making a pull request when it makes one, else as it is. */
export function pullRequestSpellings(phrase: string): string[] {
  const object = MAKES_PULL_REQUEST.exec(phrase)?.[1];
  if (object === undefined) return [phrase];
  return [
    phrase,
    ...MAKING_VERBS.map((verb) => `${verb}${object}`).filter(
      (spelling) => spelling.toLowerCase() !== phrase.toLowerCase(),
    ),
  ];
}
