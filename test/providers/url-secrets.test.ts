import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactUrlSecrets } from '../../src/providers/url-secrets.ts';

/** The definition the search from each `://` must agree with: the patterns applied to the whole text. */
const URL_CREDENTIALS = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@'"]+@/gi;
const URL_SECRET_PARAMETER =
  /([?&](?:[\w.-]*(?:key|token|secret|password|passwd|signature|auth|credential)[\w.-]*|sig)=)[^&#\s'"]+/gi;
const byPattern = (text: string) =>
  text.replace(URL_CREDENTIALS, '$1***@').replace(URL_SECRET_PARAMETER, '$1***');

describe('redactUrlSecrets', () => {
  it('removes the user and password of each URL and key-named query values', () => {
    assert.equal(
      redactUrlSecrets(
        'GET https://ann:hunter2@api.example.com/v1?api_key=abc123&page=2 then git+ssh://git@host',
      ),
      'GET https://***@api.example.com/v1?api_key=***&page=2 then git+ssh://***@host',
    );
  });

  it('leaves URLs without credentials, schemes glued to a word, and a path’s @ alone', () => {
    for (const text of [
      'see https://example.com/a@b and mailto:ann@example.com',
      'foo_http://user@host',
      'http:/user@host',
      '://user@host',
      'x:/y://z',
    ])
      assert.equal(redactUrlSecrets(text), byPattern(text), text);
    assert.equal(redactUrlSecrets('foo_http://user@host'), 'foo_http://user@host');
  });

  it('redacts exactly what the patterns applied to the whole text redact, on 20,000 generated texts', () => {
    const pieces = [
      'a',
      'Z',
      '7',
      '_',
      '.',
      '+',
      '-',
      ':',
      '/',
      '://',
      '@',
      ' ',
      '\n',
      '?',
      '#',
      "'",
      'http',
      'é',
    ];
    let seed = 45;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let index = 0; index < 20_000; index++) {
      let text = '';
      for (let length = Math.floor(next() * 16); length > 0; length--)
        text += pieces[Math.floor(next() * pieces.length)];
      assert.equal(redactUrlSecrets(text), byPattern(text), JSON.stringify(text));
    }
  });
});
