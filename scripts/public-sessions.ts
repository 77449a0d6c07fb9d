/**
 * `npx tsx scripts/public-sessions.ts [--cuts DIR] [--into DIR] [--git-url TEMPLATE]`: fetches every public transcript
 * the cut files name (calibration/cuts/*.json, or those of --cuts: repository, commit, path, sha256) into
 * `../public-sessions/` as `<owner>/<repo>/<path>`, checks each sha256, and writes SOURCES.tsv there, so `calibrate
 * --transcripts ../public-sessions` and the real-session tests can run on a fresh machine. The transcripts are never
 * copied into this repository (their licences are recorded per cut); a file already present with the right sha256 is
 * kept.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One public transcript a cut names, and the cuts that name it. */
export type PublicSource = {
  repository: string;
  commit: string;
  path: string;
  sha256: string;
  licence: string;
  format: string;
  cuts: string[];
  split: string;
};

/** What a fetch did with one transcript. */
export type FetchedSource = PublicSource & { file: string; action: 'kept' | 'fetched' };

/** The public transcripts the cut files of `cutsDir` name, one per repository, commit and path. */
export function publicSources(cutsDir: string): PublicSource[] {
  const sources = new Map<string, PublicSource>();
  for (const name of readdirSync(cutsDir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const cut = JSON.parse(readFileSync(join(cutsDir, name), 'utf8')) as {
      id: string;
      split?: string;
      session: {
        repository?: string;
        commit?: string;
        path: string;
        sha256: string;
        licence?: string;
        format: string;
      };
    };
    const { repository, commit, path, sha256, licence, format } = cut.session;
    if (repository === undefined || commit === undefined) continue; // a shared transcript: ../shared/real-sessions/
    const slug = repository.replace(/^https:\/\/github\.com\//, '').replace(/\.git$/, '');
    const key = `${slug}\t${commit}\t${path}`;
    const known = sources.get(key);
    if (known !== undefined && known.sha256 !== sha256)
      throw new Error(`${join(cutsDir, name)}: sha256 of ${slug}/${path} differs from another cut's`);
    const source = known ?? {
      repository: slug,
      commit,
      path,
      sha256,
      licence: (licence ?? '').split(';')[0]!.trim(),
      format,
      cuts: [],
      split: cut.split ?? 'tuning',
    };
    source.cuts.push(cut.id);
    sources.set(key, source);
  }
  return [...sources.values()];
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const git = (args: string[]) =>
  execFileSync('git', args, { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Fetches each source into `into` (`<owner>/<repo>/<path>`), from `gitUrl` with `{owner}` and `{repo}` filled in,
 * through one shallow bare clone per repository under `into/.git-cache/`; checks every sha256 and writes SOURCES.tsv.
 */
export function fetchPublicSessions(
  sources: readonly PublicSource[],
  into: string,
  gitUrl = 'https://github.com/{owner}/{repo}.git',
): FetchedSource[] {
  const fetched = sources.map((source): FetchedSource => {
    const file = join(into, source.repository, source.path);
    if (existsSync(file) && sha256Of(readFileSync(file)) === source.sha256)
      return { ...source, file, action: 'kept' };
    const [owner, repo] = source.repository.split('/');
    const cache = join(into, '.git-cache', `${owner}+${repo}.git`);
    if (!existsSync(cache)) git(['init', '--quiet', '--bare', cache]);
    const url = gitUrl.replaceAll('{owner}', owner!).replaceAll('{repo}', repo!);
    try {
      git(['--git-dir', cache, 'cat-file', '-e', `${source.commit}^{commit}`]);
    } catch {
      git(['--git-dir', cache, 'fetch', '--quiet', '--depth', '1', url, source.commit]);
    }
    const bytes = git(['--git-dir', cache, 'show', `${source.commit}:${source.path}`]);
    const got = sha256Of(bytes);
    if (got !== source.sha256)
      throw new Error(
        `${source.repository}/${source.path}@${source.commit}: sha256 ${got}, the cuts say ${source.sha256}`,
      );
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.part`, bytes);
    renameSync(`${file}.part`, file);
    return { ...source, file, action: 'fetched' };
  });
  const header = ['repository', 'commit', 'path', 'sha256', 'licence', 'format', 'what'];
  const list = join(into, 'SOURCES.tsv');
  // Rows added by hand (sessions used by the attacks only, not labelled) stay; the cuts' rows are written anew.
  const ours = new Set(fetched.map((source) => `${source.repository}\t${source.path}`));
  const others = existsSync(list)
    ? readFileSync(list, 'utf8')
        .split('\n')
        .slice(1)
        .filter(
          (line) =>
            line.trim() !== '' &&
            !ours.has(
              line
                .split('\t')
                .filter((_, at) => at !== 1)
                .slice(0, 2)
                .join('\t'),
            ),
        )
    : [];
  const rows = fetched.map((source) =>
    [
      source.repository,
      source.commit,
      source.path,
      source.sha256,
      source.licence,
      source.format,
      `${source.split}: ${source.cuts.join(', ')}`,
    ].join('\t'),
  );
  mkdirSync(into, { recursive: true });
  writeFileSync(`${list}.part`, `${[header.join('\t'), ...rows, ...others].join('\n')}\n`);
  renameSync(`${list}.part`, list);
  return fetched;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at < 0 ? undefined : args[at + 1];
  };
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    const into = resolve(option('--into') ?? join(root, '..', 'public-sessions'));
    for (const source of fetchPublicSessions(
      publicSources(join(root, 'calibration', 'cuts')),
      into,
      option('--git-url'),
    ))
      console.log(`${source.action.padEnd(7)} ${source.repository}/${source.path}`);
    console.log(`SOURCES.tsv written in ${into}`);
  } catch (error) {
    console.error(
      `public-sessions: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exitCode = 2;
  }
}
