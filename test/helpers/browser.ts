/** A headless Chromium for tests: found on PATH (or CHROME_PATH), run on a page, a script's answer read back. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** `CHROME_PATH`, else the first Chromium on PATH; undefined when there is none. */
export function findBrowser(): string | undefined {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  const directories = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of CANDIDATES) {
    for (const directory of directories) {
      if (existsSync(join(directory, name))) return join(directory, name);
    }
  }
  return undefined;
}

/** Runs the browser headless on a page with `flags`; what it printed. */
export function headless(
  browser: string,
  page: string,
  flags: string[],
  profile: string,
): Promise<{ stdout: string; stderr: string }> {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--hide-scrollbars',
    `--user-data-dir=${profile}`,
    ...flags,
    pathToFileURL(page).href,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(browser, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout, stderr });
    });
  });
}

/**
 * Runs `script` (a function body that returns JSON-able data) in a copy of `page` after the page's own script,
 * as a user would act on the loaded page, and returns what it returned (or throws what it threw).
 */
export async function evaluateInPage(
  browser: string,
  page: string,
  script: string,
  profile: string,
): Promise<unknown> {
  const html = await readFile(page, 'utf8');
  const probe = `<script>(function () { var out; try { out = { value: (function () { ${script} })() }; } catch (error) { out = { error: String(error && error.stack || error) }; } var pre = document.createElement('pre'); pre.id = 'test-answer'; pre.textContent = JSON.stringify(out); document.body.appendChild(pre); })();</script>`;
  const copy = page.replace(/\.html$/, '.test-copy.html');
  await writeFile(copy, html.replace(/<\/body>\s*<\/html>\s*$/, `${probe}</body></html>\n`));
  const { stdout, stderr } = await headless(browser, copy, ['--dump-dom'], profile);
  const match = /<pre id="test-answer">(.*?)<\/pre>/s.exec(stdout);
  if (!match) throw new Error(`no answer from the page: ${stderr.slice(-2000)}`);
  const text = match[1]!
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
  const answer = JSON.parse(text) as { value?: unknown; error?: string };
  if (answer.error) throw new Error(answer.error);
  return answer.value;
}
