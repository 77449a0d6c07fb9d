/**
 * Habits of the work the user requires in passing, inside a longer message or a question, which a handoff states as
 * rules of the work: reading files whole ("i have a feeling you need to read agent session in full to complete this
 * task well" → "Read files completely before changing them") and writing the test before the fix ("let's fix it. write
 * the test first, I assume it's a local change in committed.go?" → "Bug fixes go test-first"). A request to read a
 * file once ("alright, read main.ts in full") is how that request starts (requests.ts reads a sentence opening with
 * "read" as a rule already), and a reproach or a question about the past ("you haven't read X in full", "did you
 * write the test first?") sets nothing.
 */
import { phraseAfter } from './phrases.ts';

/** How a handoff says the habit of reading a file whole, with its verb ("whole file" alone is also said of a file written). */
export const READ_WHOLE_SPELLINGS = [
  ...['a file', 'the file', 'files', 'each file', 'every file'].flatMap((file) =>
    ['in full', 'fully', 'completely', 'entirely'].map((manner) => `read ${file} ${manner}`),
  ),
  ...['whole', 'full', 'entire'].flatMap((manner) => [`read ${manner} files`, `read the ${manner} file`]),
];

// A requirement on the agent ("you need to", "you have to", "you must", "you should") to read something whole, within
// one clause (a dot inside a file's name, "store.ts", is no clause end).
const REQUIRED_READ =
  /\byou\s+(?:really\s+|also\s+|just\s+)?(?:need to|have to|must|should|ought to|gotta)\s+(?:really\s+)?read\s+((?:[^.!?;,]|\.(?=\S))*?)\s+(?:in full|fully|completely|entirely)\b/i;

/** The clause requiring the agent to read something whole, and the facet's spellings; undefined when there is none. */
export function readWholeHabit(sentence: string): { said: string; spellings: string[] } | undefined {
  const found = REQUIRED_READ.exec(sentence);
  if (!found || found[1]!.trim() === '') return undefined;
  // The user's own words first ("agent session in full"), which the transcript states as the facet must be.
  const object = phraseAfter(`${found[1]!} in full`);
  return {
    said: found[0].trim(),
    spellings: [...(object ? [object] : []), ...READ_WHOLE_SPELLINGS],
  };
}

// Writing the test before the fix, asked as an imperative that opens its clause ("write the test first", "let's add a
// failing test first", "you should write the tests first"), not a question about what was done.
const TEST_FIRST =
  /(?:^|[,;:(]\s*|\b(?:please|let's|let us|and|then|always|(?:you|we)\s+(?:should|must|need to|have to)|so)\s+)((?:write|add)\s+(?:the|a|an)\s+(?:failing\s+|new\s+|regression\s+)?tests?\s+first)\b/i;

// The habit named as the way to work ("I'd like to do a TDD approach with integration tests", "let's use test-driven
// development"), with the kind of tests it names; a question ("did you do TDD?") sets nothing.
const TDD_NAMED =
  /\b((?:do|use|follow|take|try|go with)\s+(?:a\s+|the\s+)?(?:TDD|test[- ]driven(?:\s+development)?)(?:\s+(?:approach|style|workflow))?(?:\s+with\s+(?:[\w-]+\s+)?tests)?)/i;

/**
 * How a handoff says the habit of writing the test before the fix, each with two words of content ("test first" alone
 * is one, which a keyword list holds; "failing test" alone is said of any failure).
 */
const TEST_FIRST_SPELLINGS = [
  'write the test first',
  'write the tests first',
  'write a test first',
  'write the failing test',
  'write a failing test',
  'failing test first',
  'red test first',
  'test before the fix',
  'tests before the fix',
  'TDD approach',
  'test-driven development',
];

/** The clause asking for the test before the fix, and the facet's spellings; undefined when there is none. */
export function testFirstHabit(sentence: string): { said: string; spellings: string[] } | undefined {
  const found =
    TEST_FIRST.exec(sentence) ?? (sentence.trim().endsWith('?') ? null : TDD_NAMED.exec(sentence));
  if (!found) return undefined;
  return { said: found[1]!, spellings: TEST_FIRST_SPELLINGS };
}
