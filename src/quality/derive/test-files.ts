/**
 * A test file written beside the change it tests is part of that change: a reader lists the change by the file it
 * changed (`transcript_tail_worker.ex`), not again by its test (`transcript_tail_worker_test.exs`), and a handoff tells
 * the tests with the change or as a check that passes. So an artifact probe of a test file whose subject has an
 * artifact probe of its own is left out; a test file changed on its own (a step that fixes the tests) keeps its probe.
 */
import { basename } from 'node:path';
import type { DraftProbe } from './draft.ts';

// The subject a test file's name is about: `a_test.exs`, `a.test.ts`, `a-spec.js`, `test_a.py`, `ATest.java`.
const TEST_NAME = /^(?:(.+?)[._-](?:test|spec)s?|test_(.+)|(.+?[a-z0-9])(?:Tests?|Spec))$/;

/** A file's name without its extensions (`a.test.ts` → `a.test`, `session_live.ex` → `session_live`). */
function stemOf(path: string): string {
  return basename(path).replace(/\.[A-Za-z0-9]+$/, '');
}

/** The subject of a test file's name, lowercased, or undefined when the name is no test file's. */
export function testSubject(path: string): string | undefined {
  const match = TEST_NAME.exec(stemOf(path));
  const subject = match?.[1] ?? match?.[2] ?? match?.[3];
  return subject?.toLowerCase();
}

/** The drafts without the artifact probes of test files whose subject has an artifact probe among them. */
export function withoutTestsOfChanges(drafts: readonly DraftProbe[]): DraftProbe[] {
  const changed = new Set(
    drafts.flatMap((draft) =>
      draft.kind === 'artifact' && draft.file !== undefined && testSubject(draft.file) === undefined
        ? [stemOf(draft.file).toLowerCase()]
        : [],
    ),
  );
  return drafts.filter((draft) => {
    if (draft.kind !== 'artifact' || draft.file === undefined) return true;
    const subject = testSubject(draft.file);
    return subject === undefined || !changed.has(subject);
  });
}
