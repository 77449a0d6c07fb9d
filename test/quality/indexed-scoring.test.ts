/**
 * Scoring answers every look-up from indexes built once per text (numbers by what precedes them, the meaning
 * terms in columns, probe spellings prepared once a run): each is held here to a plain reference in the same
 * build (a scan of the whole text, the terms as objects), on a shipped session and on texts made to break them,
 * so what the indexes find stays exactly what a scan finds whatever the probes and the matcher come to read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { canonicalText, createMatcher, type NumberPattern, type TextIndex } from '../../src/quality/match.ts';
import { lineBreaksOf } from '../../src/quality/line-breaks.ts';
import { matchForm } from '../../src/quality/match-form.ts';
import { indexMeaning, meaningTerms } from '../../src/quality/meaning.ts';
import { extractPaths } from '../../src/quality/paths.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { readProbe } from '../../src/quality/probe-reading.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { sessionReference } from '../../src/results/session-reference.ts';
import { loadSession } from '../../src/session/load.ts';
import { ageTextCaches } from '../../src/text/text-cache.ts';
import { MOSTLY_REPEATED, repeatedShare } from '../../src/text/repeated-lines.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}.jsonl`, import.meta.url));

/** An index whose number look-ups scan the whole text with the pattern, as they did before the number index. */
function scanningReference(index: TextIndex): TextIndex {
  // Every look-up the index's own (its methods read its private state, so they are called on it), but numbers.
  return {
    get normalized() {
      return index.normalized;
    },
    slice: (start, end) => index.slice(start, end),
    occurrences: (needle) => index.occurrences(needle),
    has: (needle) => index.has(needle),
    hasAny: (needles) => index.hasAny(needles),
    find: (pattern) => index.find(pattern),
    // Each match's value read by this number's own spelling, as scoring read it before matches held their value.
    findNumbers: (number: NumberPattern) =>
      index.find(number.pattern).map((found) => {
        const value = number.valueOf(found.text);
        return {
          start: found.start,
          end: found.end,
          word: found.word,
          text: found.text,
          value,
          get negated() {
            return found.negated;
          },
          get deniedInClause() {
            return found.deniedInClause;
          },
          get stance() {
            return found.stance;
          },
        };
      }),
    meaning: () => index.meaning(),
    text: () => index.text(),
    lineBreaks: () => index.lineBreaks(),
    withOwnAnswers: () => index.withOwnAnswers(),
  };
}

/** What a found occurrence says, as plain data. */
const plain = (
  found: ReadonlyArray<{ start: number; end: number; word: number; negated: boolean; text: string }>,
) => found.map(({ start, end, word, negated, text }) => ({ start, end, word, negated, text }));

/** A probe whose facets are measured (two facets, a kind with opposites), so its number spellings are read. */
function measured(id: string, facets: string[][]): Probe {
  return { id, kind: 'decision', question: '?', answer: '', facets, contradictions: [], source: 'sidecar' };
}

const numbersOf = (probes: readonly Probe[]) =>
  probes.flatMap((probe) => readProbe(probe).facets.flatMap((facet) => facet.numbers));

describe('indexed scoring against a scan', () => {
  it('finds every spelling with a number where a scan of the whole text finds it, on texts made to break it', () => {
    const probes = [
      measured('port', [['api'], ['port 8080', 'port 80']]),
      measured('timeout', [['timeout'], ['30 s', '30s', '1 min', '500 ms']]),
      measured('memory', [['limit'], ['512Mi', '2 GiB', '70 %']]),
      measured('cents', [['price'], ['3 cents', 'returns 404', 'v2 answers 200 ok']]),
      measured('colon', [['clock'], ['23:59:59 local', '(7 retries)']]),
      // A match can hold the start of the next one: a scan goes on after it.
      measured('overlap', [['loop'], ['retries 3 retries', 'step 1 step']]),
      // Tried only at numbers followed as a match is: a unit then words, words alone, no word character, or a
      // character above U+00FF (a narrowed text holds a placeholder there).
      measured('followers', [['tail'], ['3 → done', '8 ms budget', 'v 9', 'Ω 4 é']]),
    ];
    const numbers = numbersOf(probes);
    assert.ok(numbers.length >= 10, `${numbers.length} number spellings read`);
    const texts = [
      'api on port 8080, redis on port 6379; port 80808 is no port 80. ports 8080 and port8080 too.',
      'timeout 30s then 30 s, 30 seconds, 30sec, 0.5 min, 1 minute, 500ms, 500 milliseconds, a30s, 3.30 s',
      'limit 512Mi 512 mib 2GiB 2 gibibytes 70% 70 percent 70 per cent 1.5gb x512Mi',
      'price 3 cents, 1 cent, 12 cents; it returns 404 then returns 200; v2 answers 200 ok, v3 answers 500 ok',
      'clock 23:59:59 local 00:00:00 locals (7 retries) (8 retries) 1 1 1 11 111',
      '😀30 s 😀port 8080 ‐ port 9090 “port 7070” **port 6060** `30s` not 30 s, never port 8080',
      // Numbers that touch each other, a prefix inside the match before, and digits at the very ends.
      '8080port 8080port 80 80 8080 30 s30 s 30 s 500',
      'loop retries 3 retries 4 retries 5 retries; step 1 step 2 step 3 step',
      'tail 3 → done 4→ done 5 →done 6.5 → done 8ms budget 9.5 ms budgets 8 ms 8s budget v 9é v 9_ v 9a v 9.x v 9',
      'tail v 7 v 7, v 7é v 7µ v 7ª v 7→ Ω 4 é Ω 4é Ω 4.0 é Ω 41 é Ω 4 ė v 1',
    ];
    // Long enough to be held one byte a character, its characters above U+00FF read back around each number.
    const long = Array.from({ length: 6400 }, (_, index) => texts[index % texts.length]).join(' ✓ → ⎯\n');
    // Its match form, not only the text, is over 2^18 characters (match.ts holds such a text narrowed).
    assert.ok(matchForm(canonicalText(long)).text.length > 1 << 18);
    for (const text of [...texts, texts.join('\n'), texts.join(' ').repeat(3), long]) {
      const index = createMatcher(text);
      for (const number of numbers) {
        assert.deepEqual(
          plain(index.findNumbers(number)),
          plain(index.find(number.pattern)),
          `${number.pattern.source} in ${text.slice(0, 40)}…`,
        );
        // The values were read by the first spelling of the pattern's source asked (30 s before 500 ms): the same.
        assert.deepEqual(
          index.findNumbers(number).map((found) => found.value),
          index.find(number.pattern).map((found) => number.valueOf(found.text)),
        );
      }
    }
  });

  it('scores a shipped session exactly as a scan does: every probe, in the transcript and in parts of it', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const facts = await sessionReference(await loadSession(fixture('large-session')), tokenizer);
    const { messages } = facts.session;
    const render = (part: typeof messages) =>
      renderMessages(part, { toolResultChars: Number.POSITIVE_INFINITY });
    const half = Math.floor(messages.length / 2);
    // The transcript is long enough to be searched through the needle index; its halves and a sample are not.
    const texts = [
      facts.transcriptText,
      render(messages.slice(0, half)),
      render(messages.slice(half)),
      render(messages.filter((_, index) => index % 3 === 0)),
    ];
    assert.ok(facts.transcriptText.length > 1 << 18, 'the transcript takes the needle index');
    assert.ok(numbersOf(facts.probes).length > 0, 'the session has probes with numbers');
    for (const text of texts) {
      const index = createMatcher(text);
      const reference = scanningReference(createMatcher(text));
      for (const number of numbersOf(facts.probes))
        assert.deepEqual(
          index.findNumbers(number).map((found) => ({ ...plain([found])[0], value: found.value })),
          reference.findNumbers(number).map((found) => ({ ...plain([found])[0], value: found.value })),
        );
      assert.deepEqual(scoreProbes(index, facts.probes), scoreProbes(reference, facts.probes));
    }
  });

  it('reads the same outcome whether the index answered the probe before or not', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const reference = await sessionReference(await loadSession(fixture('before-compaction')), tokenizer);
    const fresh = reference.probes.map((probe) =>
      probeOutcome(createMatcher(reference.transcriptText), probe),
    );
    const shared = createMatcher(reference.transcriptText);
    // Twice on one index: the second pass reads what the first found and left in its caches.
    reference.probes.forEach((probe) => probeOutcome(shared, probe));
    assert.deepEqual(
      reference.probes.map((probe) => probeOutcome(shared, probe)),
      fresh,
    );
    ageTextCaches();
    ageTextCaches();
    assert.deepEqual(
      reference.probes.map((probe) => probeOutcome(createMatcher(reference.transcriptText), probe)),
      fresh,
      'after the run-wide caches forgot every spelling',
    );
  });
});

// Lines each pass of the fold treats in its own way, their neighbours among them: Markdown marks, a link, escapes,
// emphasis, shorthand, quotes and dashes, a unit at either end of a line, white space of every kind, final sigmas.
const FOLD_LINES = [
  '# Heading',
  '```ts',
  'const x = 5;',
  '```',
  '| a | b |',
  '|---|:-:|',
  '> quoted *bold* and _emph_ and __init__.py and snake_case',
  '- [x] done w/o tests, b4 the merge: see [the doc](docs/a.md "title")',
  '1. it took 30',
  'ms to start. \\_escaped\\* ~~gone~~',
  '\u00a0\t \u2003',
  '',
  'ΟΔΟΣ Σ.',
  'Σ opens; “quotes” — dashes ‐ here. 2 GiB',
  '✓ Logged in',
  'w/ packages/services',
  '   ',
  'ends with 5',
  'MiB then text.',
];

describe('a long text folded a run of lines at a time', () => {
  it('has the canonical text and line breaks of its lines folded one by one', async () => {
    const session = await loadSession(fixture('large-session'));
    const rendered = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
    const lines = FOLD_LINES.join('\n');
    // The fold lines spread through the text, and one copy holding the mark the runs are folded with.
    const text = [
      lines,
      rendered.slice(0, 40_000),
      lines,
      rendered.slice(40_000),
      lines,
      `${lines}\uE000 x`,
    ].join('\n');
    assert.ok(text.length > 1 << 16, 'long enough to be folded in runs');
    assertFoldedAsWhole(text, 20);
  });

  it('has them too when most of its lines come again and each is folded once', async () => {
    const session = await loadSession(fixture('large-session'));
    const rendered = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
    // A session's transcript and its masked copy repeat lines: the fold lines and a stretch of the session over and
    // over, once next to lines met nowhere else, once each copy with the mark the runs are folded with, a unit or a
    // multi-byte character at a line's edge next to a line met before.
    const lines = FOLD_LINES.join('\n');
    const copies = Array.from({ length: 12 }, (_, copy) =>
      [
        lines,
        rendered.slice(copy * 1000, copy * 1000 + 6000),
        `[output of read omitted]\nonly in copy ${copy}: 5`,
        'ms later ✓',
        copy % 3 === 0 ? `${lines}\uE000 x` : rendered.slice(20_000, 24_000),
        `Σ${copy}`,
      ].join('\n'),
    );
    const text = [...copies, rendered.slice(0, 6000)].join('\n');
    assert.ok(text.length > 1 << 16, 'long enough to be folded in runs');
    assert.ok(
      repeatedShare(text.split('\n'), text.length) >= MOSTLY_REPEATED,
      'its lines read through the memo of lines folded',
    );
    assertFoldedAsWhole(text, 12);
  });
});

describe('the repeated share of a text', () => {
  it('counts the characters of each line after its first time, its line break with it', () => {
    // `ab` twice more (3 + 3), `c` once more (2), of 20 characters.
    assert.equal(repeatedShare(['ab', 'c', 'ab', 'dddd', 'c', 'ab', 'e'], 20), 8 / 20);
    assert.equal(repeatedShare(['a', 'b', 'c'], 5), 0);
    assert.equal(repeatedShare(['', '', ''], 2), 1);
    assert.equal(repeatedShare([], 0), 0);
  });
});

describe('paths of a long text', () => {
  it('are read block by block as they are read from the whole text', async () => {
    const session = await loadSession(fixture('large-session'));
    const text = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
    assert.ok(text.length > 1 << 16 && text.includes('\n\n'), 'long enough to be read in blocks');
    const paths = extractPaths(text);
    assert.ok(paths.length > 20, `${paths.length} paths`);
    // A space between the blank line's two breaks leaves no block to split at: the whole text is read at once.
    assert.deepEqual(paths, extractPaths(text.replaceAll('\n\n', '\n \n')));
  });
});

describe('meaning terms in columns', () => {
  it('holds exactly the terms read as objects, and where each term stands', async () => {
    const session = await loadSession(fixture('large-session'));
    const text = [
      renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY }),
      'Created: a.ts, b.ts\n- src/x.ts: six new deps\n- spotter-4te.1 done\nend-to-end tests are not wanted',
      "can't we get that from the settings manager? ¬Oban jobs; Don't stop until all functions are ported",
    ].join('\n');
    const terms = meaningTerms(text);
    const index = indexMeaning(text);
    assert.equal(index.length, terms.length);
    assert.deepEqual(index.slice(0, index.length), terms);
    assert.equal(index.at(-1), undefined);
    assert.equal(index.at(terms.length), undefined);
    const positions = new Map<string, { all: number[]; prose: number[] }>();
    terms.forEach((term, position) => {
      const entry = positions.get(term.term) ?? { all: [], prose: [] };
      entry.all.push(position);
      if (!term.name) entry.prose.push(position);
      positions.set(term.term, entry);
    });
    assert.equal(index.positions.size, positions.size);
    for (const [term, { all, prose }] of positions) {
      assert.deepEqual(index.positions.get(term)?.all, all, term);
      assert.deepEqual(index.positions.get(term)?.prose, prose, term);
    }
    for (let position = 0; position < terms.length; position += 97) {
      assert.equal(index.lineAt(position), terms[position]!.line);
      assert.equal(index.clauseAt(position), terms[position]!.clause);
      assert.equal(index.negatedAt(position), terms[position]!.negated);
    }
  });

  it('holds them for a text past 2 Mi characters whose lines come again, each line read once', async () => {
    const session = await loadSession(fixture('large-session'));
    const rendered = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
    // A long session's masked copy: its stretches again and again, lead-ins reaching some copies of a line and not
    // others, placeholders, lines met once; the lines above a copy differ from one copy to the next.
    const leadIns = ['Created: a.ts, b.ts', 'Done and committed WP1-14, check green:', 'It was not done.'];
    const parts: string[] = [];
    for (let copy = 0; parts.join('\n').length <= 1 << 21; copy++) {
      parts.push(
        leadIns[copy % leadIns.length]!,
        '- kept the retry loop; dropped Redis',
        rendered.slice((copy % 7) * 30_000, (copy % 7) * 30_000 + 60_000),
        '[output of bash omitted]',
        `step ${copy}: the migration is not done.`,
      );
    }
    const text = parts.join('\n');
    assert.ok(text.length > 1 << 21, 'past the texts always read through the memo');
    assert.ok(
      repeatedShare(text.split('\n'), text.length) >= MOSTLY_REPEATED,
      'mostly lines that come again',
    );
    const terms = meaningTerms(text);
    const index = indexMeaning(text);
    assert.equal(index.length, terms.length);
    assert.deepEqual(index.slice(0, index.length), terms);
  });
});

/** A long text's index folds it and breaks its lines as the whole text folded at once does, at `minBreaks` or more. */
function assertFoldedAsWhole(text: string, minBreaks: number): void {
  const index = createMatcher(text);
  assert.equal(index.normalized, canonicalText(text));
  const breaks = index.lineBreaks();
  const expected = lineBreaksOf(text, (line) => canonicalText(line));
  assert.deepEqual([...breaks.lines], [...expected.lines]);
  assert.deepEqual([...breaks.words], [...expected.words]);
  assert.ok(expected.lines.size >= minBreaks, `${expected.lines.size} breaks`);
}
