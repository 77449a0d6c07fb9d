/**
 * A test file written beside the change it tests is part of that change: a reader lists the change by the file it
 * changed (`transcript_tail_worker.ex`), not again by its test (`transcript_tail_worker_test.exs`), and a handoff tells
 * the tests with the change or as a check that passes. So an artifact probe of a test file whose subject has an
 * artifact probe of its own is left out; a test file changed on its own (a step that fixes the tests) keeps its probe.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { DraftProbe } from './draft.ts';

// The subject a test file's name is about: `a_test.exs`, `a.test.ts`, `a-spec.js`, `test_a.py`, `ATest.java`.
const TEST_NAME = /^(?:(.+?)[._-](?:test|spec)s?|test_(.+)|(.+?[a-z0-9])(?:Tests?|Spec))$/;

/** A file's name without its extensions (`a.test.ts` → `a.test`, `session_live.ex` → `session_live`). */
function stemOf(path: string): string {
  return fileName(path).replace(/\.[A-Za-z0-9]+$/, '');
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

// A folder of tests: `test/`, `tests/`, `__tests__/`, `spec/`.
const TEST_FOLDER = /(?:^|\/)(?:tests?|__tests__|spec)\//;

/** Whether a path is a test file: named as one ({@link testSubject}) or kept in a folder of tests. */
export function isTestFile(path: string): boolean {
  return testSubject(path) !== undefined || TEST_FOLDER.test(path);
}

// A line that opens a test case: `it('…'`, `test("…"`, `describe(…`, `def test_…`, `func TestX(`, Elixir's
// `test "…" do`, Rust's `#[test]`, Java's `@Test`.
const TEST_CASE =
  /(?:^|[\s;{(])(?:it|test|describe|context)\s*\(\s*['"`]|^\s*(?:async\s+)?def\s+test_|\bfunc\s+Test\w*\s*\(|^\s*(?:test|describe)\s+["']|#\[(?:tokio::)?test\]|@Test\b/m;

/**
 * Whether edits of a test file keep the tests in step with a change made elsewhere, and add nothing of their own: a
 * test file the agent did not create, whose edits open no new test case, after the agent changed a file that is no
 * test, and that no user message names ("Now let's fix the test files", a helper passed to the new constructor). A
 * reader lists the change, and a handoff tells its tests with it ("tests on new ctor signatures"); a test the agent
 * wrote, a test case it added, or a test file the user asked about keeps its probe.
 */
export function keepsTestsInStep(
  path: string,
  created: boolean,
  changes: ReadonlyArray<{ added: string; removed: string }>,
  changedElsewhereBefore: boolean,
  userText: string,
): boolean {
  if (created || !isTestFile(path) || !changedElsewhereBefore) return false;
  // An edit that rewrites a block of tests writes their openings again: only an opening it did not replace is new.
  const opensTest = ({ added, removed }: { added: string; removed: string }) =>
    added.split('\n').some((line) => TEST_CASE.test(line) && !removed.includes(line.trim()));
  if (changes.some(opensTest)) return false;
  const name = fileName(path);
  return !userText.includes(name) && !userText.includes(stemOf(path));
}
