import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitCodeFor, InputError, messageOf, ProviderError } from '../src/errors.ts';

function systemError(code: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: something, open '${path}'`), { code, path });
}

describe('exit codes and messages', () => {
  it('takes the exit code our errors carry', () => {
    assert.equal(exitCodeFor(new InputError('bad')), 2);
    assert.equal(exitCodeFor(new ProviderError('down')), 3);
  });

  it('treats a system error about a path the user gave as bad input, worded without errno text', () => {
    const error = systemError('EACCES', '/out/report.md');
    assert.equal(exitCodeFor(error), 2);
    assert.equal(messageOf(error), '/out/report.md: permission denied');
    assert.equal(messageOf(systemError('ENOENT', '/nope')), '/nope: no such file or directory');
  });

  it('keeps exit 70 for everything else: an internal failure', () => {
    assert.equal(exitCodeFor(new TypeError('x is undefined')), 70);
    assert.equal(exitCodeFor(Object.assign(new Error('boom'), { code: 'ERR_SOMETHING' })), 70);
  });
});
