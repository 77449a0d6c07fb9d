import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('loading the compare command', () => {
  it('folds no words: the synonym table is made on first use, not while modules load before the first call', () => {
    // A process of its own: this one's table may have been made by other tests. Stemming every form of the table
    // cost 10-17 ms of a compare's start when a module folded a word list as it loaded (quality/derive/artifacts.ts).
    const script = [
      "await import('./src/commands/compare.ts');",
      "await import('./src/run/run-suite.ts');",
      "const { synonymTableMade } = await import('./src/quality/meaning.ts');",
      'process.stdout.write(String(synonymTableMade()));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'false');
  });
});

/** The files compare's code reaches from `src/commands/compare.ts`: by static imports alone, and with `import()` too. */
async function compareGraph(): Promise<{ static: Set<string>; all: Set<string> }> {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    entryPoints: [`${ROOT}src/commands/compare.ts`],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const reach = (kinds: ReadonlySet<string>) => {
    const seen = new Set(['src/commands/compare.ts']);
    for (const file of seen)
      for (const edge of metafile.inputs[file]?.imports ?? [])
        if (kinds.has(edge.kind) && metafile.inputs[edge.path]) seen.add(edge.path);
    return seen;
  };
  return {
    static: reach(new Set(['import-statement'])),
    all: reach(new Set(['import-statement', 'dynamic-import'])),
  };
}

describe("compare's modules before the first call", () => {
  it("hold neither the probe derivation, the probes' liveness marking, the extractive summarizer nor a suite's assembly: each loads when a run needs it", async () => {
    const graph = await compareGraph();
    const later = [
      'src/quality/derive/derive.ts',
      'src/quality/derive/liveness.ts',
      'src/extractive/summarize.ts',
      'src/suite/assemble.ts',
    ];
    assert.deepEqual(
      later.map((file) => graph.static.has(file)),
      [false, false, false, false],
    );
    // Reached through `import()`: a session without a sidecar derives, a sidecar's probes are marked when first
    // read, an offline run summarizes, a run of several sessions makes their suite.
    assert.deepEqual(
      later.map((file) => graph.all.has(file)),
      [true, true, true, true],
    );
  });
});

describe("compare's lexical scoring before the first call", () => {
  it('holds none of the scorers, the matcher or the meaning readers: they load when a run first scores or prepares to', async () => {
    const graph = await compareGraph();
    const later = [
      'src/quality/score.ts',
      'src/quality/scorers.ts',
      'src/quality/probe-recall.ts',
      'src/quality/match.ts',
      'src/quality/meaning.ts',
      'src/quality/written-paths.ts',
      'src/quality/summary-facets.ts',
      'src/schedule/score-chain.ts',
      'src/continuation/score-cuts.ts',
    ];
    assert.deepEqual(
      later.filter((file) => graph.static.has(file)),
      [],
    );
    assert.deepEqual(
      later.filter((file) => graph.all.has(file)),
      later,
    );
    // What compare still loads of quality/ at its start: the credit helpers the figures read, the probes' schema and
    // sidecar reader, the registry of metrics, the judge's call and the loaders (and the dotfiles' list paths.ts reads
    // a path by); a new static import of a scorer's module shows here.
    assert.deepEqual([...graph.static].filter((file) => file.startsWith('src/quality/')).sort(), [
      'src/quality/dot-files.ts',
      'src/quality/judge/judge.ts',
      'src/quality/judge/prompts.ts',
      'src/quality/judge/run-judge.ts',
      'src/quality/metrics.ts',
      'src/quality/paths.ts',
      'src/quality/probes.ts',
      'src/quality/recall-credit.ts',
      'src/quality/scoring-load.ts',
      'src/quality/types.ts',
    ]);
  });
});

describe('a session reference whose matcher loads later', () => {
  it('refuses to index its transcript before the matcher is loaded, then scores as a reference made at once', () => {
    // A process of its own: in this one another test may have loaded the matcher already.
    const script = [
      "const { loadSession } = await import('./src/session/load.ts');",
      "const { getTokenizer } = await import('./src/tokens.ts');",
      "const { sessionReference, matchingLoaded } = await import('./src/results/session-reference.ts');",
      "const { lexicalEvaluator } = await import('./src/evaluators/lexical.ts');",
      "const tokenizer = await getTokenizer('heuristic');",
      "const later = await sessionReference(await loadSession('fixtures/large-session.jsonl'), tokenizer, { markLater: true });",
      'const refused = [];',
      'try { later.transcriptMatcher; } catch { refused.push("index"); }',
      'try { later.transcriptWrittenPaths; } catch { refused.push("written"); }',
      'await matchingLoaded();',
      "const now = await sessionReference(await loadSession('fixtures/large-session.jsonl'), tokenizer);",
      "const input = (reference) => ({ ok: true, text: 'Edited src/index.ts; the tests pass.', summary: 'Edited src/index.ts.', reference });",
      'const [a, b] = [await lexicalEvaluator.evaluate(input(later), {}), await lexicalEvaluator.evaluate(input(now), {})];',
      "process.stdout.write([refused.join(','), later.transcriptMatcher !== undefined, JSON.stringify(a) === JSON.stringify(b), a.probesTotal > 0].join(' '));",
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'index,written true true true');
  });
});

describe("compare's importers before the first call", () => {
  it("hold each format's detection but no format's reader: the detected format's reader loads when its file is read", async () => {
    const graph = await compareGraph();
    const formats = [
      'pi',
      'claude-code',
      'codex',
      'gemini-cli',
      'opencode',
      'aider',
      'mini-swe-agent',
      'anthropic-messages',
      'openai-messages',
    ];
    const readers = formats.map((format) => `src/session/importers/${format}.ts`);
    const detections = formats.map((format) => `src/session/importers/${format}-detection.ts`);
    assert.deepEqual(
      readers.filter((file) => graph.static.has(file)),
      [],
    );
    assert.deepEqual(
      readers.filter((file) => graph.all.has(file)),
      readers,
    );
    assert.deepEqual(
      detections.filter((file) => graph.static.has(file)),
      detections,
    );
    // What a reader alone brings (the Claude Code branches, the Codex rollout's items, the tool calls' file targets)
    // stays off the start with it.
    const readerOnly = [
      'src/session/importers/claude-code-branches.ts',
      'src/session/importers/codex-rollout.ts',
      'src/session/importers/file-targets.ts',
    ];
    assert.deepEqual(
      readerOnly.filter((file) => graph.static.has(file)),
      [],
    );
  });
});

describe("a session reference whose probes' marking loads later", () => {
  it('refuses to read its sidecar probes before the marking is loaded, then reads the same probes as a reference made at once', () => {
    // A process of its own: in this one another test may have loaded the marking already.
    const script = [
      "const { loadSession } = await import('./src/session/load.ts');",
      "const { getTokenizer } = await import('./src/tokens.ts');",
      "const { sessionReference, probeMarkingLoaded } = await import('./src/results/session-reference.ts');",
      "const tokenizer = await getTokenizer('heuristic');",
      "const later = await sessionReference(await loadSession('fixtures/before-compaction.jsonl'), tokenizer, { markLater: true });",
      'let refused = false;',
      'try { later.probes; } catch { refused = true; }',
      'await probeMarkingLoaded();',
      "const now = await sessionReference(await loadSession('fixtures/before-compaction.jsonl'), tokenizer);",
      'const text = (probes) => JSON.stringify(probes);',
      "process.stdout.write([refused, later.probes.length, text(later.probes) === text(now.probes), later.probes.filter((probe) => probe.live === false).length].join(' '));",
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'true 30 true 9');
  });
});
