/** Credentials inside URLs (a base URL on the command line, in an error message): removed before anything shows them. */

/**
 * A URL's user and password (`https://user:password@host`): a credential whatever its shape. Sticky: tried only where
 * a scheme's `://` is (see {@link redactUrlCredentials}).
 */
const URL_CREDENTIALS = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@'"]+@/iy;

/** A query value whose name says it is a credential (`?api-key=…`, `&access_token=…`), whatever its shape. */
const URL_SECRET_PARAMETER =
  /([?&](?:[\w.-]*(?:key|token|secret|password|passwd|signature|auth|credential)[\w.-]*|sig)=)[^&#\s'"]+/gi;

/** `text` with the credentials of every URL in it (user and password, key-named query values) replaced by `***`. */
export function redactUrlSecrets(text: string): string {
  return redactUrlCredentials(text).replace(URL_SECRET_PARAMETER, '$1***');
}

const isSchemeCharacter = (code: number): boolean =>
  isLetter(code) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46;
const isLetter = (code: number): boolean => (code | 32) >= 97 && (code | 32) <= 122;
const isWordCharacter = (code: number): boolean =>
  isLetter(code) || (code >= 48 && code <= 57) || code === 95;

/**
 * `text` with each URL's user and password replaced by `***`: what `text.replace(/\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@'"]+@/gi,
 * '$1***@')` returns, found from each `://` instead of trying the pattern at every word of the text. Every stored
 * prompt is redacted, and a global pattern that must try each word cost a long session's run more CPU than the
 * calls' own handling. A match's scheme is the run of scheme characters right before its `://` (none of them is a
 * `:`), starting at its first letter that begins a word; the rest of the match is the pattern's own.
 */
function redactUrlCredentials(text: string): string {
  let redacted = '';
  let copied = 0;
  for (let colon = text.indexOf('://'); colon !== -1; colon = text.indexOf('://', colon + 3)) {
    let start = colon;
    while (start > copied && isSchemeCharacter(text.charCodeAt(start - 1))) start--;
    while (
      start < colon &&
      !(isLetter(text.charCodeAt(start)) && (start === 0 || !isWordCharacter(text.charCodeAt(start - 1))))
    )
      start++;
    if (start === colon) continue;
    URL_CREDENTIALS.lastIndex = start;
    const match = URL_CREDENTIALS.exec(text);
    if (!match) continue;
    redacted += `${text.slice(copied, start)}${match[1]}***@`;
    copied = start + match[0].length;
  }
  return copied === 0 ? text : redacted + text.slice(copied);
}
