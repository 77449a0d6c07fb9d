/**
 * A well-known dotfile written with its dot (`.gitignore`, `.env`, `~/.bashrc`) is a file's name, as `README.md` is
 * (round s39, D161): export-614's terse note tells the repository's .gitignore by what it holds ("repo .gitignore:
 * *.env, .credentials.json, *secret*, *password*, *token*, archives, *.tmp/*.log"), which keeps the file as the same
 * words keep any other file; before, the dot was dropped and "gitignore" read as a word of prose, so no reading of a
 * file's name could find it. A glob's `*.env`, a word after an ellipsis and the verb "gitignored" stay words; a path
 * list, a list of dotfiles and the note said false keep nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { statementLabel, indexStatements } from '../../src/quality/statement-match.ts';
import { derivedProbe } from '../helpers/factories.ts';

/** Each term of a text as `term` (prose) or `term#` (a name). */
const terms = (text: string) => meaningTerms(text).map((term) => `${term.term}${term.name ? '#' : ''}`);

describe('a dotfile written with its dot', () => {
  it('is a name wherever a file is named: alone, after a space, a bracket, a quote or a path', () => {
    assert.deepEqual(terms('.gitignore'), ['gitignor#']);
    assert.deepEqual(terms('repo .gitignore: *.env'), ['repo', 'gitignor#', 'environ']);
    assert.deepEqual(terms('see (.npmrc) and `.env`'), ['see', 'npmrc#', 'environ#']);
    assert.deepEqual(terms('~/.bashrc, transcripts/.gitignore'), ['bashrc#', 'transcript', 'gitignor#']);
  });

  it('is not a glob, a word after an ellipsis, an unknown dotted word, nor the verb', () => {
    assert.deepEqual(terms('*.env'), ['environ']);
    assert.deepEqual(terms('wait...env'), ['wait', 'environ']);
    assert.deepEqual(terms('~/.claude'), ['claud']);
    assert.deepEqual(terms('the build output is gitignored'), ['build', 'output', 'gitignor']);
  });
});

describe("a dotfile kept by what its edits wrote (export-614's .gitignore)", () => {
  const gitignore = derivedProbe('artifact', {
    facets: [['.gitignore'], ['Initial commit']],
    file: '/home/[USER]/M-Claude-Code/.gitignore',
    statement: '.gitignore created: Initial commit: Claude Code repository',
    change: {
      words: ['zip', 'temporary', 'exclude', 'password', 'env', 'tar', 'token', 'secret', 'log', 'data'],
    },
    partialCredit: false,
  });
  const outcome = (text: string) => probeOutcome(createMatcher(text), gitignore);
  const note =
    'repo .gitignore: *.env, .credentials.json, *secret*, *password*, *token*, archives, *.tmp/*.log.';

  it("keeps the file where the note names it with what it holds, as any file's line does", () => {
    assert.equal(outcome(`- other: docs/SETUP.md: glow, clone, backup. ${note}`), 'matched');
    assert.equal(outcome('Created .gitignore to keep secrets, tokens and .env files out of git.'), 'matched');
  });

  it('keeps nothing from a path list, a list of dotfiles, the words alone or another file of its name', () => {
    assert.equal(outcome('.gitignore\nREADME.md\ndocs/SETUP.md'), 'missed');
    assert.equal(outcome('.env .gitignore .npmrc .bashrc'), 'missed');
    assert.equal(outcome('secret, password, token, archives, temporary files, logs'), 'missed');
    assert.equal(outcome(''), 'missed');
  });

  it('keeps nothing where the note says it false or not done', () => {
    assert.notEqual(outcome(`It is false that ${note}`), 'matched');
    assert.notEqual(outcome(`${note.slice(0, -1)} was not done.`), 'matched');
    assert.notEqual(outcome(`${note.slice(0, -1)} is still to do.`), 'matched');
  });
});

describe("a path's dotfile", () => {
  it('says no word of prose: a path to .gitignore does not say a thing is gitignored', () => {
    const statement =
      'priv/static/assets is gitignored build output, so spotter.css is force-added like xterm.css';
    const index = indexStatements(
      '- `/home/USER/projects/spotter/.gitignore` — mentioned\n- spotter.css, xterm.css',
    );
    assert.equal(statementLabel(index, statement), 'lost');
  });
});
