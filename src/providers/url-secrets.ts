/** Credentials inside URLs (a base URL on the command line, in an error message): removed before anything shows them. */

/** A URL's user and password (`https://user:password@host`): a credential whatever its shape. */
const URL_CREDENTIALS = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@'"]+@/gi;

/** A query value whose name says it is a credential (`?api-key=…`, `&access_token=…`), whatever its shape. */
const URL_SECRET_PARAMETER =
  /([?&](?:[\w.-]*(?:key|token|secret|password|passwd|signature|auth|credential)[\w.-]*|sig)=)[^&#\s'"]+/gi;

/** `text` with the credentials of every URL in it (user and password, key-named query values) replaced by `***`. */
export function redactUrlSecrets(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1***@').replace(URL_SECRET_PARAMETER, '$1***');
}
