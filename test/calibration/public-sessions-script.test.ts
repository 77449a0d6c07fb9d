/**
 * scripts/public-sessions.ts rebuilds ../public-sessions/ from the cut files: it fetches each named transcript at its
 * commit, checks its sha256, keeps a file already right, refuses a wrong one, and writes SOURCES.tsv (keeping rows
 * added by hand). Run against a git repository made here and fetched through a file:// URL, never the network.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fetchPublicSessions, publicSources } from '../../scripts/public-sessions.ts';

const root = mkdtempSync(join(tmpdir(), 'public-sessions-'));
after(() => rmSync(root, { recursive: true, force: true }));

const transcript = '{"type":"user","message":{"role":"user","content":"port the parser"}}\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A repository owner/repo under `root/remotes` whose first commit holds the transcript; its hash. */
function remote(): string {
  const dir = join(root, 'remotes', 'owner', 'repo');
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const run = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir })
      .toString()
      .trim();
  run('init', '--quiet');
  writeFileSync(join(dir, 'logs', 'one.jsonl'), transcript);
  run('add', '.');
  run('commit', '--quiet', '-m', 'one');
  const commit = run('rev-parse', 'HEAD');
  writeFileSync(join(dir, 'logs', 'one.jsonl'), 'changed later\n');
  run('commit', '--quiet', '-am', 'two');
  return commit;
}

/** A cuts folder with two cuts naming the transcript (once with `sha`) and one naming a shared transcript. */
function cuts(commit: string, sha = sha256(transcript)): string {
  const dir = mkdtempSync(join(root, 'cuts-'));
  const session = {
    repository: 'https://github.com/owner/repo',
    commit,
    path: 'logs/one.jsonl',
    sha256: sha,
    licence: 'MIT (owner/repo); not copied here',
    format: 'claude-code',
  };
  writeFileSync(join(dir, 'a-1.json'), JSON.stringify({ id: 'a-1', session }));
  writeFileSync(join(dir, 'a-2.json'), JSON.stringify({ id: 'a-2', session }));
  writeFileSync(
    join(dir, 'pi.json'),
    JSON.stringify({
      id: 'pi',
      session: { root: '../shared/', path: 'pi/x.jsonl', sha256: 'x', format: 'pi' },
    }),
  );
  return dir;
}

describe('scripts/public-sessions.ts', () => {
  const commit = remote();
  const url = `file://${join(root, 'remotes')}/{owner}/{repo}`;

  it('fetches each named transcript once, at its commit, and lists it in SOURCES.tsv with the cuts that name it', () => {
    const into = join(root, 'into-1');
    mkdirSync(into);
    writeFileSync(
      join(into, 'SOURCES.tsv'),
      'repository\tcommit\tpath\tsha256\tlicence\tformat\twhat\nx/y\tc\tz.jsonl\ts\tMIT\tpi\tattacks only\n',
    );
    const sources = publicSources(cuts(commit));
    assert.deepEqual(
      sources.map((source) => [source.repository, source.cuts]),
      [['owner/repo', ['a-1', 'a-2']]],
    );
    const fetched = fetchPublicSessions(sources, into, url);
    assert.deepEqual(
      fetched.map((source) => source.action),
      ['fetched'],
    );
    assert.equal(readFileSync(join(into, 'owner/repo/logs/one.jsonl'), 'utf8'), transcript);
    assert.deepEqual(readFileSync(join(into, 'SOURCES.tsv'), 'utf8').split('\n'), [
      'repository\tcommit\tpath\tsha256\tlicence\tformat\twhat',
      `owner/repo\t${commit}\tlogs/one.jsonl\t${sha256(transcript)}\tMIT (owner/repo)\tclaude-code\ttuning: a-1, a-2`,
      'x/y\tc\tz.jsonl\ts\tMIT\tpi\tattacks only',
      '',
    ]);
    const written = statSync(join(into, 'owner/repo/logs/one.jsonl')).mtimeMs;
    assert.deepEqual(
      fetchPublicSessions(sources, into, url).map((source) => source.action),
      ['kept'],
    );
    assert.equal(statSync(join(into, 'owner/repo/logs/one.jsonl')).mtimeMs, written);
  });

  it('refuses a transcript whose sha256 is not the one the labels were made on, writing nothing', () => {
    const into = join(root, 'into-2');
    const sources = publicSources(cuts(commit, sha256('other')));
    assert.throws(
      () => fetchPublicSessions(sources, into, url),
      /^Error: owner\/repo\/logs\/one\.jsonl@[0-9a-f]{40}: sha256 [0-9a-f]{64}, the cuts say [0-9a-f]{64}$/,
    );
    assert.throws(() => statSync(join(into, 'owner/repo/logs/one.jsonl')), /ENOENT/);
    assert.throws(() => statSync(join(into, 'SOURCES.tsv')), /ENOENT/);
  });
});
