import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { fileURLToPath } from 'node:url';
import { extractPaths, findInventedPaths } from '../../src/quality/paths.ts';
import { scoreSummary } from '../../src/quality/score.ts';
import { compactedText } from '../../src/results/assemble.ts';
import { sessionReference } from '../../src/results/session-reference.ts';
import { loadSession } from '../../src/session/load.ts';
import { getTokenizer } from '../../src/tokens.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}.jsonl`, import.meta.url));

describe('extractPaths', () => {
  it('reads a path at a line edge as on a line of its own, in order of first appearance over the lines', () => {
    // What comes before or after a token on the line above or below neither cuts it (`$`, `]`), makes it part of a
    // glob (`*`) nor a call (`(`); a path named on two lines is listed once, where it first comes.
    const text = 'costs $\nsrc/a.ts\n[x]\nsrc/b.ts*\n*\nsrc/c.ts\n(see)\nsrc/a.ts again';
    assert.deepEqual(extractPaths(text), ['src/a.ts', 'src/b.ts', 'src/c.ts']);
    assert.deepEqual(extractPaths(text), extractPaths(`${text}\n`));
  });

  it('finds paths with directories, absolute paths and bare file names with a known extension', () => {
    assert.deepEqual(
      extractPaths('Edited src/billing/tax.ts, then /home/dev/shop/package.json and README.md.'),
      ['src/billing/tax.ts', '/home/dev/shop/package.json', 'README.md'],
    );
  });

  it('finds relative, home, dot-file and directory paths', () => {
    assert.deepEqual(
      extractPaths(
        'Run ./scripts/run.sh from ~/notes/todo; see ../lib/x.js, config/.env.local, .env and src/billing/',
      ),
      ['./scripts/run.sh', '~/notes/todo', '../lib/x.js', 'config/.env.local', '.env', 'src/billing/'],
    );
  });

  it('reads paths out of Markdown emphasis, code, quotes and links', () => {
    assert.deepEqual(extractPaths('**src/a.ts**, `src/b.ts`, "src/c.ts", [d](src/d.ts) and **src/e.ts**.'), [
      'src/a.ts',
      'src/b.ts',
      'src/c.ts',
      'src/d.ts',
      'src/e.ts',
    ]);
  });

  it('stops a path at a line and column suffix', () => {
    assert.deepEqual(extractPaths('src/a.ts:42:7 and src/b.ts#L3 and tax.ts(12,5)'), [
      'src/a.ts',
      'src/b.ts',
      'tax.ts',
    ]);
  });

  it('ignores URLs, e-mail addresses, versions, numbers, dates and abbreviations', () => {
    const prose =
      'See https://example.com/docs/a.md and www.example.org/b.html, mail dev@example.com, ' +
      'bump to 1.2.3 or pkg@2.0.1, pi is 3.14, on 2024/01/02 at 1/2 speed, e.g. this, i.e. that, etc.';
    assert.deepEqual(extractPaths(prose), []);
  });

  it('ignores prose slashes, short absolute words, product names and code', () => {
    const prose =
      'and/or client/server, /compact and /tmp, Node.js and Next.js, console.log and process.env, ' +
      'res.json(), .d.ts files, src/**/*.ts, src/billing/invoice-*.ts, lib/*.test.ts, ${dir}/a.ts, @types/node';
    assert.deepEqual(extractPaths(prose), []);
  });

  it("reads a grep context line's file without its line number, and a shortened diffstat path without its ellipsis", () => {
    assert.deepEqual(
      extractPaths(
        [
          'docs/skills/nginx_ingress.md-126-## Checks',
          'docs/skills/nginx_ingress.md:127:ingress class must be nginx',
          ' .../changes/index.md                 | 12 ++++++------',
          ' …/payments/events.ts | 3 +-',
        ].join('\n'),
      ),
      ['docs/skills/nginx_ingress.md', 'changes/index.md', 'payments/events.ts'],
    );
  });

  it('reads well-known file names in any case, and paths with letters beyond the BMP', () => {
    assert.deepEqual(extractPaths('see Makefile, JENKINSFILE and profile or file'), [
      'Makefile',
      'JENKINSFILE',
    ]);
    assert.deepEqual(extractPaths('edited src/𝐌ath/a.ts then x𝐌/b.ts'), ['src/𝐌ath/a.ts', 'x𝐌/b.ts']);
  });

  it('lists each path once, in order of first appearance', () => {
    assert.deepEqual(extractPaths('b.ts a.ts b.ts'), ['b.ts', 'a.ts']);
  });
});

describe('findInventedPaths', () => {
  const transcriptOf = (text: string) => ({ text, index: createMatcher(text) });
  const transcript = transcriptOf(
    '[Assistant tool calls]: read(path="/work/shop/src/billing/tax.ts"); edit(path="src/cart.ts")',
  );

  it('keeps paths the transcript never mentions', () => {
    assert.deepEqual(
      findInventedPaths('Fixed src/billing/vat.ts and lib/cart.ts.', transcript, '/work/shop'),
      ['src/billing/vat.ts', 'lib/cart.ts'],
    );
  });

  it('accepts a path as written, as a suffix on a / boundary, and without ./', () => {
    const summary = 'Touched /work/shop/src/billing/tax.ts, billing/tax.ts, tax.ts and ./src/cart.ts';
    assert.deepEqual(findInventedPaths(summary, transcript, '/work/shop'), []);
  });

  it('does not accept a suffix that is not on a / boundary', () => {
    assert.deepEqual(findInventedPaths('see ax.ts and art.ts', transcript, '/work/shop'), [
      'ax.ts',
      'art.ts',
    ]);
  });

  it('accepts an absolute path whose cwd-relative form is in the transcript', () => {
    assert.deepEqual(findInventedPaths('Edited /work/shop/src/cart.ts', transcript, '/work/shop'), []);
    assert.deepEqual(findInventedPaths('Edited /work/shop/src/cart.ts', transcript, undefined), [
      '/work/shop/src/cart.ts',
    ]);
  });

  it('accepts a home path whose part after ~/ ends a transcript path, and still charges one that does not', () => {
    // The home directory is unknown (here /work): ~/shop/src/cart.ts names the transcript's /work/shop/src/cart.ts.
    assert.deepEqual(findInventedPaths('Edited ~/shop/src/billing/tax.ts', transcript, '/work/shop'), []);
    assert.deepEqual(findInventedPaths('Edited ~/shop/src/billing/vat.ts', transcript, '/work/shop'), [
      '~/shop/src/billing/vat.ts',
    ]);
  });

  it('asks the match index only about a path the transcript does not name as written', () => {
    const text = 'run: curl --data @/tmp/customer.json http://x.test/ && cat src/cart.ts';
    const unread = {
      text,
      get index(): never {
        throw new Error('the index was read');
      },
    };
    assert.deepEqual(findInventedPaths('Edited src/cart.ts and ./src/cart.ts', unread, undefined), []);
    // Named only inside `@/tmp/customer.json`: the matching rules find it.
    assert.deepEqual(findInventedPaths('Posted /tmp/customer.json', transcriptOf(text), undefined), []);
    assert.deepEqual(findInventedPaths('Posted /tmp/vehicle.json', transcriptOf(text), undefined), [
      '/tmp/vehicle.json',
    ]);
  });

  it('compares case-insensitively', () => {
    assert.deepEqual(findInventedPaths('SRC/Cart.ts', transcript, undefined), []);
  });

  it('never charges the transcript itself: grep context lines and shortened diffstat paths are its own paths', () => {
    const output = transcriptOf(
      [
        '[Tool result]: docs/skills/skill_validation_nginx_ingress.md-126-## Checks',
        'docs/skills/skill_validation_nginx_ingress.md-127-ingress class must be nginx',
        'docs/skills/skill_validation_nginx_ingress.md-128-  more',
        '[Tool result]:  .../changes/index.md                 | 12 ++++++------',
        ' …/payments/events.ts | 3 +-',
      ].join('\n'),
    );
    assert.deepEqual(findInventedPaths(output.text, output, undefined), []);
    assert.deepEqual(
      findInventedPaths(
        'Checked docs/skills/skill_validation_nginx_ingress.md and changes/index.md, .../changes/index.md.',
        output,
        undefined,
      ),
      [],
    );
    assert.deepEqual(
      findInventedPaths(
        'Then edited docs/skills/skill_validation_ingress.md and changes/main.md.',
        output,
        undefined,
      ),
      ['docs/skills/skill_validation_ingress.md', 'changes/main.md'],
      'a path that appears nowhere is still invented',
    );
  });
});

describe('the transcript scored as a context', () => {
  it('names exactly its paths after the blank line a run writes before it, so none is invented (scored without reading)', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const reference = await sessionReference(await loadSession(fixture('large-session')), tokenizer);
    const transcript = reference.transcriptText;
    const context = compactedText('', reference.session.messages);
    assert.equal(
      context,
      `\n\n${transcript}`,
      'a context of every message is the transcript after a blank line',
    );
    // Read block by block (a long text), as a whole transcript is; its paths are the transcript's, in order.
    assert.ok(transcript.length >= 1 << 16);
    const paths = extractPaths(transcript);
    assert.ok(paths.length >= 20, `${paths.length} paths named`);
    assert.deepEqual(extractPaths(context), paths);
    const texts = { text: transcript, index: createMatcher(transcript), written: undefined };
    assert.deepEqual(findInventedPaths(context, texts, reference.session.cwd), []);
    const input = {
      text: context,
      summary: '',
      probes: reference.probes,
      files: reference.files,
      cwd: reference.session.cwd,
      transcriptText: transcript,
      transcriptWrittenPaths: reference.transcriptWrittenPaths,
      expectations: reference.expectations,
    };
    assert.deepEqual(scoreSummary(input).inventedPaths, []);
    // A path the transcript does not name, put before it, is read and charged.
    const added = scoreSummary({ ...input, text: `src/nowhere/made-up.ts\n\n${transcript}` });
    assert.deepEqual(added.inventedPaths, ['src/nowhere/made-up.ts']);
  });
});
