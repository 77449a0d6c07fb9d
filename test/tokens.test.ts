import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding, type Tiktoken } from 'js-tiktoken';
import { InputError } from '../src/errors.ts';
import { buildRankTable, countPiece } from '../src/tokenizer/bpe-ranks.ts';
import { renderMessages } from '../src/session/transcript.ts';
import { DEFAULT_SETTINGS } from '../src/settings.ts';
import { getTokenizer, IMAGE_TOKENS, MAX_PIECE_CHARS } from '../src/tokens.ts';
import { assistant, callsTools, toolCall, toolResult, user } from './helpers/factories.ts';
import { cpuTime } from './helpers/cpu-time.ts';

// js-tiktoken's encoders, the reference counts are checked against: each built once per file (a second apiece).
const encodings = new Map<'o200k_base' | 'cl100k_base', Tiktoken>();
const reference = (name: 'o200k_base' | 'cl100k_base'): Tiktoken => {
  let encoding = encodings.get(name);
  if (!encoding) {
    encoding = getEncoding(name);
    encodings.set(name, encoding);
  }
  return encoding;
};

const SAMPLE = `export function total(items: Item[]): number {\n  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);\n}\n\nError: ENOENT: no such file or directory, open '/src/a.ts'\n    at Object.openSync (node:fs:601:3) 🚀 <|endoftext|> ünïcödé`;

describe('tokens', () => {
  it('counts exactly what js-tiktoken encodes, for o200k_base and cl100k_base', async () => {
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      // Special-token text in a transcript is ordinary text to count, never a control token.
      const expected = reference(name).encode(SAMPLE, [], []).length;
      assert.equal(tokenizer.count(SAMPLE), expected, name);
      assert.equal(tokenizer.estimate, false);
    }
  });

  it('counts a long text block by block exactly as a whole, and serves repeated blocks from its cache', async () => {
    // Lines opening with `[`, `<` or `#` start blocks; around them: punctuation that pulls line breaks into its
    // piece, slashes, spaces before line breaks, digits, apostrophes and non-Latin text.
    const parts = [
      '\n',
      '\n\n',
      '[User]: ',
      '<summary>',
      '## Goal',
      '#',
      '[',
      '<',
      '/',
      './a',
      '.',
      '!?',
      ' ',
      '  \n',
      "'s",
      'word',
      'Wörter',
      '123456',
      '🚀',
      '\r\n',
      '\t',
      '-',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = reference(name);
      for (let sample = 0; sample < 20; sample++) {
        let text = '';
        while (text.length < 12_000)
          text += parts[next() % parts.length]! + (next() % 3 === 0 ? 'x'.repeat(next() % 300) : '');
        const expected = encoding.encode(text, [], []).length;
        assert.equal(tokenizer.count(text), expected, `${name} sample ${sample}`);
        assert.equal(tokenizer.count(text), expected, `${name} sample ${sample}, counted again`);
      }
    }
  });

  it('counts a summary section sent again in a later prompt from its remembered sum, as js-tiktoken does', async () => {
    // A chain's prompts carry its summaries again: the section is counted once by its lines, then found by digest.
    const items = Array.from(
      { length: 120 },
      (_, item) => `- decided ${item}: run \`pnpm --filter app test/${item}\` ✓`,
    );
    const section = ['## Decisions', ...items].join('\n');
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = reference(name);
      const prompts = [
        `<summaries>\n${section}\n\n## Next\n- ship it\n</summaries>\n\n[User]: go on\n`,
        `[Assistant]: done.\n\n${section}\n[User]: and then?  \n`,
        `${section}\n\n${section}\n`,
      ];
      for (const [at, prompt] of prompts.entries())
        assert.equal(tokenizer.count(prompt), encoding.encode(prompt, [], []).length, `${name} prompt ${at}`);
    }
  });

  it('counts a text line by line exactly as a whole, whatever its lines open with', async () => {
    // Every printable ASCII character opens some line (the slash, which a piece runs into, among them), after
    // punctuation that pulls line breaks into its piece, spaces before line breaks, blank lines and non-Latin text.
    const openings = [...Array(95).keys()].map((code) => String.fromCharCode(32 + code));
    const parts = [
      '.',
      '!?',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\r\n',
      '\t',
      "'s",
      'word',
      'Wörter',
      '123456',
      '🚀',
      '\u00a0',
      '/',
    ];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = reference(name);
      for (let sample = 0; sample < 30; sample++) {
        const lines: string[] = [];
        for (let line = 0; line < 60; line++) {
          let text = openings[next() % openings.length]!;
          for (let part = next() % 6; part > 0; part--) text += parts[next() % parts.length]!;
          lines.push(text);
        }
        const text = lines.join('\n');
        assert.equal(
          tokenizer.countLines(text),
          encoding.encode(text, [], []).length,
          `${name} sample ${sample}`,
        );
      }
    }
    // The heuristic's estimate is of the whole text: rounded line by line it would be more.
    const heuristic = await getTokenizer('heuristic');
    assert.equal(heuristic.countLines('a\nb\nc'), 2);
  });

  it('counts long pieces (letters with no break, merged through the heap) exactly as js-tiktoken', async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = reference(name);
      for (const alphabet of ['abcdefghijklmnopqrstuvwxyz', 'aab', 'éa', 'y']) {
        let text = '';
        while (text.length < 700) text += alphabet[next() % alphabet.length];
        assert.equal(tokenizer.count(text), encoding.encode(text, [], []).length, `${name} ${alphabet}`);
      }
    }
  });

  it('counts a 10 MB run of one character in linear time, and a run past the chunk length as merged whole', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const { value: tokens, milliseconds } = await cpuTime(() => tokenizer.count('y'.repeat(10_000_000)));
    assert.equal(tokens, 2_500_000);
    assert.ok(milliseconds < 2000, `10 MB of 'y' counted in ${Math.round(milliseconds)} ms of CPU`);
    // Chunks of a one-character run end on token edges, so the chunked count is the whole piece's merge.
    const ranks = (await import('js-tiktoken/ranks/o200k_base')).default;
    const table = buildRankTable(ranks.bpe_ranks);
    for (const character of ['y', ' ', '=', '\n']) {
      const run = character.repeat(MAX_PIECE_CHARS + 1234);
      const bytes = new TextEncoder().encode(run);
      assert.equal(tokenizer.count(run), countPiece(table, bytes, bytes.length), JSON.stringify(character));
    }
  });

  it('counts runs of millions of emoji or CJK and Thai letters without overflowing the stack', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    // Before: "Maximum call stack size exceeded" from the pattern's match over a piece of some 4 million of them.
    for (const [character, count] of [
      ['😀', 5_000_000],
      ['ก', 6_000_000],
      ['漢', 6_000_000],
    ] as const) {
      const { value: tokens, milliseconds } = await cpuTime(() => tokenizer.count(character.repeat(count)));
      // The run is counted in chunks of MAX_PIECE_CHARS code units, each as merged on its own.
      const perChunk = MAX_PIECE_CHARS / character.length;
      const chunks = Math.floor(count / perChunk);
      const rest = count - chunks * perChunk;
      const expected =
        tokenizer.count(character.repeat(perChunk)) * chunks +
        (rest > 0 ? tokenizer.count(character.repeat(rest)) : 0);
      assert.equal(tokens, expected, character);
      assert.ok(
        milliseconds < 5000,
        `${count} × ${character} counted in ${Math.round(milliseconds)} ms of CPU`,
      );
    }
  });

  it('counts a text longer than the pattern window exactly as js-tiktoken, across the window edge', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const alphabet = [..."abcdefghij ABCDEF  \n\n\t0123456789.,;:'!?é漢😀-_/"];
    const characters: string[] = [];
    for (let index = 0; index < 1_100_000; index++) characters.push(alphabet[next() % alphabet.length]!);
    const text = characters.join('');
    assert.equal(tokenizer.count(text), reference('o200k_base').encode(text, [], []).length);
  });

  it('counts a rendered message from its text counted before, as js-tiktoken encodes the whole', async () => {
    const long = Array.from({ length: 5 }, () => SAMPLE).join(' ');
    const bodies = [
      `Fix the parser: ${long}`,
      ` leading space, then ${long} and a trailing one `,
      `'s a contraction first; ${long}\n}`,
      `{"path":"src/a.ts","lines":[1,2,3]} ${'x'.repeat(300)}/`,
      `${long}\u00a0 no-break space before the end.`,
      `no_space_anywhere_${'y'.repeat(400)}`,
    ];
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      // Each text counted as a message's content first, then inside its rendering in a prompt, block by block.
      for (const body of bodies) tokenizer.count(body);
      const rendered = bodies.map((body, index) => `[${index % 2 ? 'User' : 'Tool result'}]: ${body}`);
      const prompt = `<conversation>\n${rendered.join('\n\n')}\n</conversation>\n\nSummarize.`;
      assert.ok(prompt.length > 4096);
      assert.equal(tokenizer.count(prompt), reference(name).encode(prompt, [], []).length, name);
    }
  });

  it('counts a long tool result, and its cut rendering in a prompt after it, as js-tiktoken encodes each', async () => {
    const cut = DEFAULT_SETTINGS.toolResultChars;
    const long = Array.from({ length: 30 }, () => SAMPLE).join(' ');
    const texts = [
      long,
      // The character before the cut a line break (the rendering's body loses it), a space right at the cut.
      `${'a '.repeat((cut - 2) / 2)}\n${long}`,
      `${'b'.repeat(cut - 1)} ${long}`,
      // No space cut within the head: counted whole, as before.
      `${'c'.repeat(cut + 10)} ${long}`,
      `[1,2,3] a result that opens like a tag: ${long}`,
      `\n${long}`,
    ];
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = reference(name);
      const results = texts.map((text, index) =>
        toolResult(toolCall('read', { path: `src/${index}.ts` }), text, index % 2 === 1),
      );
      for (const [index, result] of results.entries())
        assert.equal(
          tokenizer.countMessage(result),
          encoding.encode(texts[index]!, [], []).length,
          `${name} text ${index}`,
        );
      const prompt = `<conversation>\n${renderMessages(results, { toolResultChars: cut })}\n</conversation>\n\nSummarize.`;
      assert.ok(prompt.includes('more characters truncated]'));
      assert.equal(tokenizer.count(prompt), encoding.encode(prompt, [], []).length, name);
    }
  });

  it('counts tool calls with long string arguments, and their calls line in a prompt after them, as js-tiktoken encodes each', async () => {
    const long = Array.from({ length: 4 }, () => SAMPLE).join(' ');
    const calls = [
      toolCall('edit', { path: 'src/a.ts', oldText: long, newText: `${long} and "quoted" \\ text ` }),
      // A value that opens and ends with a space, a backslash before its closing quote, one with no space at all.
      toolCall('write', { path: 'b.ts', content: ` ${long}\\`, note: 'n'.repeat(300) }),
      toolCall('bash', { command: `grep -rn "a b" src | head ${'-n 5 '.repeat(20)}`, timeout: 30 }),
      toolCall('task', { options: { prompt: `Look into ${long}`, labels: ['a b c', long] }, depth: 2 }),
      toolCall('read', { path: `${'x'.repeat(70)} y`, text: `"${'z '.repeat(40)}"` }),
    ];
    const messages = [
      callsTools(calls.slice(0, 2), 'Editing.'),
      ...calls.slice(0, 2).map((call) => toolResult(call, 'Done.')),
      callsTools(calls.slice(2)),
      ...calls.slice(2).map((call) => toolResult(call, `\n RUN  v1.6.0 ${call.name}\n ✓ passed`)),
    ];
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      const encoding = reference(name);
      for (const call of calls) {
        const expected =
          encoding.encode(call.name, [], []).length +
          encoding.encode(JSON.stringify(call.arguments), [], []).length;
        assert.equal(tokenizer.countMessage(callsTools([call])), expected, `${name} ${call.name}`);
      }
      for (const message of messages) tokenizer.countMessage(message);
      const prompt = `<conversation>\n${renderMessages(messages, { toolResultChars: 2000 })}\n</conversation>\n\nSummarize.`;
      assert.ok(prompt.includes('[Assistant tool calls]: edit(path="src/a.ts", oldText="'));
      assert.equal(tokenizer.count(prompt), encoding.encode(prompt, [], []).length, name);
    }
  });

  it("pre-tokenizes a calls line's long string arguments once: counted with the message, looked up in the prompt", async () => {
    // A text no other test counts, so that nothing of it is in the counter's caches before this.
    const words = Array.from({ length: 400 }, (_, index) => `w${(index * 7919).toString(36)}q`);
    const content = `export const unseen = [${words.join(', ')}];\nconst more = "${words.slice(0, 100).join(' ')}";`;
    const call = toolCall('write', { path: 'src/unseen-calls-line.ts', content });
    const message = callsTools([call]);
    const line = `[Assistant tool calls]: write(path=${JSON.stringify(call.arguments.path)}, content=${JSON.stringify(content)})`;
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const tokenizer = await getTokenizer(name);
      tokenizer.countMessage(message);
      // Each piece the pre-tokenizer matches is one `test` of its sticky pattern (tokens.ts, countWindow).
      const test = RegExp.prototype.test;
      let pieces = 0;
      RegExp.prototype.test = function (this: RegExp, text: string) {
        if (this.sticky) pieces++;
        return test.call(this, text);
      };
      let tokens: number;
      try {
        tokens = tokenizer.count(`${line}\n`);
      } finally {
        RegExp.prototype.test = test;
      }
      assert.equal(tokens, reference(name).encode(`${line}\n`, [], []).length, name);
      // The line's pieces number over a thousand; only the few around each string's inside are matched again.
      assert.ok(pieces < 40, `${name}: ${pieces} pieces matched again`);
    }
  });

  it('estimates a long tool result as a whole, as chars/4 of its text, not as its head and rest rounded apart', async () => {
    const tokenizer = await getTokenizer('heuristic');
    const cut = DEFAULT_SETTINGS.toolResultChars;
    // A head of 1,998 characters to its space cut (rounded up alone: 500) and a rest of 2,001 (501): 1,001 apart.
    const text = `${'a'.repeat(cut - 3)} ${'b'.repeat(cut + 1)}`;
    const result = toolResult(toolCall('read', { path: 'src/a.ts' }), text);
    assert.equal(tokenizer.countMessage(result), Math.ceil(text.length / 4));
    assert.equal(Math.ceil(text.length / 4), 1000);
  });

  it('labels the heuristic as an estimate of chars/4', async () => {
    const tokenizer = await getTokenizer('heuristic');
    assert.equal(tokenizer.count('abcdefgh'), 2);
    assert.equal(tokenizer.count('abcdefghi'), 3);
    assert.equal(tokenizer.estimate, true);
  });

  it('counts every block type of a message', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const call = toolCall('read', { path: 'src/a.ts' });
    const message = {
      role: 'assistant' as const,
      content: [
        { type: 'thinking' as const, thinking: 'plan it' },
        { type: 'text' as const, text: 'Reading.' },
        call,
      ],
    };
    const expected =
      tokenizer.count('plan it') +
      tokenizer.count('Reading.') +
      tokenizer.count('read') +
      tokenizer.count('{"path":"src/a.ts"}');
    assert.equal(tokenizer.countMessage(message), expected);
    assert.equal(tokenizer.countMessage(toolResult(call, 'file body')), tokenizer.count('file body'));
    assert.equal(
      tokenizer.countMessage({ role: 'user', content: [{ type: 'image', mimeType: 'image/png' }] }),
      IMAGE_TOKENS,
    );
    assert.equal(tokenizer.countMessage(user('hello world')), tokenizer.count('hello world'));
  });

  it('counts each message once and serves the cached count after', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const message = assistant('first text');
    const first = tokenizer.countMessage(message);
    (message.content[0] as { text: string }).text = 'a much longer text that would count differently';
    assert.equal(tokenizer.countMessage(message), first);
  });

  it('rejects an unknown tokenizer, listing the available ones', () => {
    assert.throws(
      () => getTokenizer('gpt2'),
      (error: Error) => {
        return (
          error instanceof InputError &&
          /unknown tokenizer 'gpt2'; available: o200k_base, cl100k_base, heuristic/.test(error.message)
        );
      },
    );
  });
});
