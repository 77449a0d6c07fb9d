import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher, normalizeForMatch, type Occurrence } from '../../src/quality/match.ts';
import { UNDERSCORE_EMPHASIS, withoutUnderscoreEmphasis } from '../../src/quality/underscore-emphasis.ts';
import { narrowForm, narrowView } from '../../src/quality/narrow-form.ts';
import { cpuTime } from '../helpers/cpu-time.ts';

describe('normalizeForMatch', () => {
  it('lowercases and folds all whitespace to single spaces', () => {
    assert.equal(normalizeForMatch('  Retry\tBudget\n\n  OF   3 '), 'retry budget of 3');
  });

  it('removes Markdown emphasis, code ticks, headings, bullets, quotes and table pipes', () => {
    const markdown = [
      '## Key Decisions',
      '- **Use** `Decimal` for *money*',
      '> _never_ floats',
      '1. ~~old~~ plan',
      '| file | state |',
      '|---|:-:|',
      '| tax.ts | done |',
    ].join('\n');
    assert.equal(
      normalizeForMatch(markdown),
      'key decisions use decimal for money never floats old plan file state tax.ts done',
    );
  });

  it('keeps both the text and the target of a link', () => {
    assert.equal(
      normalizeForMatch('see [the tax module](src/billing/tax.ts)'),
      'see the tax module src/billing/tax.ts',
    );
  });

  it('drops code fence lines but keeps the code', () => {
    assert.equal(normalizeForMatch('```ts\nconst rate = 0.2;\n```'), 'const rate = 0.2;');
  });

  it('unifies quote marks and dashes', () => {
    assert.equal(normalizeForMatch('“strict” — it’s ‘on’ – always'), "'strict' - it's 'on' - always");
  });

  it('keeps path characters and snake_case identifiers intact', () => {
    assert.equal(
      normalizeForMatch('Edit src/billing/tax_rates.ts and pkg/__init__.py, not ../x-y.js'),
      'edit src/billing/tax_rates.ts and pkg/__init__.py, not ../x-y.js',
    );
  });

  it('removes underscore emphasis around words and paths', () => {
    assert.equal(normalizeForMatch('_keep_ the _src/a.ts_.'), 'keep the src/a.ts.');
  });

  it('removes underscore emphasis line by line as the pattern does over the whole text', () => {
    // Underscores after every kind of character (letters of other scripts, an astral letter, digits, line breaks
    // of each kind), runs of them, and emphasis that would span a line if a match could.
    const parts = [
      '_',
      '__',
      '___',
      'word',
      'Wörter',
      'x_y',
      '𝐀',
      '7',
      ' ',
      '.',
      '\n',
      '\r',
      '\r\n',
      '\u2028',
      '-',
      '/',
    ];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let sample = 0; sample < 2000; sample++) {
      let text = '';
      for (let part = next() % 40; part > 0; part--) text += parts[next() % parts.length]!;
      assert.equal(
        withoutUnderscoreEmphasis(text),
        text.replace(UNDERSCORE_EMPHASIS, '$1$3'),
        JSON.stringify(text),
      );
    }
    assert.equal(withoutUnderscoreEmphasis('a_b\n_keep_ it\nc'), 'a_b\nkeep it\nc');
    assert.equal(withoutUnderscoreEmphasis('_keep_ it\nc_d'), 'keep it\nc_d');
    assert.equal(withoutUnderscoreEmphasis('c_d\n__keep__'), 'c_d\nkeep');
  });

  it('folds a summary-sized text line by line exactly as a whole: marks, fences and units across lines', () => {
    const lines = [
      '## Progress',
      '- [x] retried after 5',
      'seconds; then `2`',
      'GiB of memory',
      '```ts',
      'const total = 1; // **not** _emphasis_',
      '```',
      '> quoted | cell',
      '1. Σ ends a WORDΣ',
      '',
      '---',
      'see [the docs](docs/a.md) and \\_x\\_',
    ];
    const text = Array.from({ length: 10 }, () => lines.join('\n')).join('\n\n');
    assert.ok(text.length > 200 && text.length < 1 << 15);
    const once = normalizeForMatch(lines.join('\n'));
    assert.equal(
      once,
      'progress retried after 5 seconds; then 2 gib of memory const total = 1; // not emphasis quoted cell σ ends a wordς see the docs docs/a.md and x',
    );
    assert.equal(normalizeForMatch(text), Array.from({ length: 10 }, () => once).join(' '));
    // Units are folded over the joined lines, as over the whole text.
    assert.ok(createMatcher(text).has('5s') && createMatcher(text).has('2gib'));
  });

  it('reads Markdown escapes as the character itself', () => {
    assert.equal(normalizeForMatch('tax\\_rate'), 'tax_rate');
  });
});

describe('createMatcher(text).has', () => {
  const text = 'We edited **src/billing/Tax.ts** and syntax.ts; see `retry  budget`.';

  it('matches regardless of case, whitespace and Markdown', () => {
    assert.equal(createMatcher(text).has('SRC/billing/tax.ts'), true);
    assert.equal(createMatcher(text).has('retry budget'), true);
  });

  it('requires word boundaries where the needle begins or ends with a word character', () => {
    assert.equal(createMatcher(text).has('tax.ts'), true, 'after a / is a boundary');
    assert.equal(createMatcher('syntax.ts only').has('tax.ts'), false);
    assert.equal(createMatcher('see tax.tsx').has('tax.ts'), false);
    assert.equal(createMatcher('max_tax_rate').has('tax_rate'), false);
    assert.equal(createMatcher('budgeted').has('budget'), false);
  });

  it('finds a later occurrence when the first one is not on a boundary', () => {
    assert.equal(createMatcher('syntax.ts and tax.ts').has('tax.ts'), true);
  });

  it('matches a ./ path written without its ./', () => {
    assert.equal(createMatcher('changed scripts/run.sh').has('./scripts/run.sh'), true);
  });

  it('never matches an empty needle', () => {
    assert.equal(createMatcher(text).has('**'), false);
    assert.equal(createMatcher(text).has(''), false);
  });
});

describe('createMatcher', () => {
  it('answers any of several spellings', () => {
    const matcher = createMatcher(
      'The TypeError: Cannot read properties of undefined (reading "rate") is fixed',
    );
    assert.equal(
      matcher.hasAny(['no such text', "Cannot read properties of undefined (reading 'rate')"]),
      true,
    );
    assert.equal(matcher.hasAny(['no such text', 'rates']), false);
  });

  it('looks up hundreds of needles in a transcript-sized text quickly', async () => {
    const line = '[Assistant]: edited src/module-N/file.ts with **care**, `retry_budget = 3`\n';
    const text = Array.from({ length: 8000 }, (_, index) => line.replace('N', String(index))).join('');
    assert.ok(text.length > 600_000);
    const { value: found, milliseconds } = await cpuTime(() => {
      const matcher = createMatcher(text);
      let hits = 0;
      for (let index = 0; index < 400; index++) {
        if (matcher.hasAny([`src/module-${index * 20}/file.ts`, `missing needle ${index}`])) hits++;
      }
      return hits;
    });
    assert.equal(found, 400);
    assert.ok(milliseconds < 2000, `took ${milliseconds.toFixed(0)} ms of CPU`);
  });

  it('finds in a long or summary-sized text (through an index) exactly what it finds in a short one (by scanning)', () => {
    const block = [
      'Key set rejected; we kept the keyset. `src/billing/tax.ts` and old-src/billing/tax.ts and tax.ts.bak.',
      "Edited ./docs/a.md, then “retry_budget” = 3 — it's 2 s or 2 seconds; not using keyset pagination.",
      'pkg/__init__.py, -flag, /etc/hosts, api/v2/users and ERR_INVOICE_TOTAL_MISMATCH in the log.',
    ].join('\n');
    const needles = [
      'keyset',
      'key-set',
      'src/billing/tax.ts',
      'tax.ts',
      'docs/a.md',
      './docs/a.md',
      'retry_budget',
      '2s',
      'keyset pagination',
      '__init__.py',
      '-flag',
      '/etc/hosts',
      'v2/users',
      'err_invoice_total_mismatch',
      'absent needle',
    ];
    const short = createMatcher(block);
    assert.ok(short.normalized.length < 1 << 11);
    // A summary's size (its index sized by its words) and a transcript's (millions of words).
    for (const [repeats, least, most] of [
      [20, 1 << 11, 1 << 15],
      [2000, 1 << 18, Infinity],
    ] as const) {
      const long = createMatcher(Array.from({ length: repeats }, () => block).join('\n\n.\n\n'));
      assert.ok(long.normalized.length > least && long.normalized.length < most);
      for (const needle of needles) {
        const once = short.occurrences(needle);
        const all = long.occurrences(needle);
        assert.equal(all.length, once.length * repeats, needle);
        assert.deepEqual(
          all.slice(0, once.length).map((found) => [found.start, found.end, found.word, found.negated]),
          once.map((found) => [found.start, found.end, found.word, found.negated]),
          needle,
        );
        assert.equal(createMatcher(long.normalized).has(needle), once.length > 0, needle);
      }
    }
  });

  it('finds characters above U+00FF in a long text (its form held one byte a character) as in a short one', () => {
    const block = [
      '✓ tests passed → deploy next ⎯⎯⎯ build ✓ ok; ✗ lint failed → fix lint.',
      'résumé ✓ café → naïve ⎯✓ and ⎯→ then done✓ and 中文 path src/中文/a.ts.',
      // Negated and pending from further than a few characters before and after.
      'we did not ⎯ at any point in this → release get ✓ tests passed, and the → deploy is still to do → soon.',
    ].join('\n');
    const needles = [
      '✓ tests passed',
      '→ deploy',
      '⎯✓',
      '⎯→',
      '✓',
      'done✓',
      '✗ lint',
      'café → naïve',
      '中文/a.ts',
    ];
    const short = createMatcher(block);
    const repeats = 4000;
    const long = createMatcher(Array.from({ length: repeats }, () => block).join('\n\n.\n\n'));
    assert.ok(long.normalized.length > 1 << 18);
    const read = (found: Occurrence) => [found.negated, found.deniedInClause, found.stance];
    for (const needle of [...needles, '✓ tests failed', '⎯⎯✓', '\u0000', '\u0001✓']) {
      const once = short.occurrences(needle);
      assert.equal(long.occurrences(needle).length, once.length * repeats, needle);
      // Its canonical text, held one byte a character too, is read back around each occurrence.
      assert.deepEqual(long.occurrences(needle).slice(0, once.length).map(read), once.map(read), needle);
      assert.equal(long.has(needle), once.length > 0, needle);
      assert.equal(needles.includes(needle), once.length > 0, needle);
    }
  });
});

describe('narrowForm', () => {
  it('finds a needle in the narrowed form exactly where the form holds it, wide characters checked', () => {
    const form = 'a✓b⎯c✓✓ d→e ✓ab ⎯✓a \u0001x';
    const narrow = narrowForm(form)!;
    assert.equal(narrow.text.length, form.length);
    const needles = ['✓', '✓b', '⎯✓', '✓✓', '→e', 'a✓', 'ab', '\u0001x', '\u0000', '⎯→', '✓a'];
    for (const needle of needles) {
      const searched = narrow.searchable(needle);
      for (let offset = 0; offset <= form.length; offset++) {
        const expected = form.startsWith(needle, offset);
        const actual =
          searched !== undefined &&
          narrow.text.startsWith(searched, offset) &&
          narrow.wideCharactersMatch(needle, offset);
        assert.equal(actual, expected, `${needle} at ${offset}`);
      }
    }
  });

  it('holds a canonical text one byte a character and reads back any part of it', () => {
    const text = 'a✓b⎯c✓✓ d→e ✓ab ⎯✓a \u0001x 😀 end✓';
    const view = narrowView(text);
    assert.equal(view.narrowed, true);
    assert.equal(view.length, text.length);
    // The placeholder is a control character no space: the word scan reads the narrowed text.
    assert.ok(
      !/[\s\d.]/.test(view.text) || view.text.replace(/[^\s\d.]/g, '') === text.replace(/[^\s\d.]/g, ''),
    );
    assert.equal(view.whole(), text);
    for (let start = -2; start <= text.length + 2; start++) {
      assert.equal(view.charAt(start), text[start], `at ${start}`);
      for (let end = Math.max(0, start); end <= text.length + 2; end++)
        assert.equal(view.slice(start, end), text.slice(Math.max(0, start), end), `${start}-${end}`);
    }
    // No free placeholder among the control characters: the text is read as it is.
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');
    assert.equal(narrowView(`${controls}✓`).narrowed, false);
    assert.equal(narrowView(`${controls}✓`).whole(), `${controls}✓`);
  });

  it('is not made when the form holds every byte value (no placeholder is free)', () => {
    const every = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('');
    assert.equal(narrowForm(`${every}✓`), undefined);
    assert.notEqual(narrowForm(`${every.slice(1)}✓`), undefined);
  });
});

describe('negation next to a needle', () => {
  const negated = (text: string) => createMatcher(text).occurrences('keyset pagination')[0]?.negated;

  it('reaches back two words before the needle, and no further', () => {
    assert.equal(negated('We rejected keyset pagination.'), true);
    assert.equal(negated('We rejected the keyset pagination.'), true);
    assert.equal(negated('We rejected the proposed keyset pagination.'), true, 'two words between');
    assert.equal(negated('We rejected the first proposed keyset pagination.'), false, 'three words between');
  });

  it('stops at the end of the clause', () => {
    assert.equal(negated('Nothing was rejected. Keyset pagination it is.'), false);
  });

  it('does not reach past a comma: "not OFFSET, keyset pagination" denies OFFSET alone', () => {
    assert.equal(negated('No more OFFSET, keyset pagination instead.'), false);
    assert.equal(negated('Without OFFSET, keyset pagination.'), false);
    assert.equal(negated('After "TS2305: has no exported member", keyset pagination.'), false);
    assert.equal(negated('We use keyset pagination, OFFSET was rejected.'), false);
    assert.equal(negated('Keyset pagination was rejected, OFFSET kept.'), true);
    assert.equal(negated('Not keyset pagination, OFFSET.'), true);
  });

  it('reads "not only", "not just" and "not merely" as adding to what follows, not denying it', () => {
    assert.equal(negated('It not only uses keyset pagination but also batches of 1,000.'), false);
    assert.equal(negated('It uses not just keyset pagination but a cursor too.'), false);
    assert.equal(negated('It is not merely keyset pagination.'), false);
    assert.equal(negated('It does not use keyset pagination.'), true);
    assert.equal(negated('Not keyset pagination: OFFSET.'), true);
    const denied = (text: string) => createMatcher(text).occurrences('new dependency')[0]?.deniedInClause;
    assert.equal(denied('We added not only decimal.js but also a new dependency for dates.'), false);
  });

  it('reads a whole clause for a rule ruled out, and the dot of a file name ends no clause', () => {
    const denied = (text: string) => createMatcher(text).occurrences('new dependency')[0]?.deniedInClause;
    assert.equal(denied('It calls it, and no decimal.js or other new dependency.'), true);
    assert.equal(denied('Do not add decimal.js, big.js or any other new dependency.'), true);
    assert.equal(denied('We added decimal.js as a new dependency.'), false);
    assert.equal(denied('Not decimal.js (a new dependency is fine).'), false, 'a parenthesis ends its reach');
  });
});
