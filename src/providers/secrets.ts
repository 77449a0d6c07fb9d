/** Refuses to write anything that looks like an API key: reports, cache entries, cassettes. */
import { InputError } from '../errors.ts';
import { keyVariables } from './registry.ts';
import { KEY_SHAPES, firstKeyShape } from '../text/key-shapes.ts';
import { redactUrlSecrets } from './url-secrets.ts';

/** Shorter values are too likely to occur in ordinary text (`test`, `1234`) to be worth refusing a write. */
const MINIMUM_SECRET_LENGTH = 8;

/** Raised instead of writing a file that would leak a key; the message never contains the key. */
export class SecretLeakError extends InputError {}

/** What in `text` looks like a key, described without the key itself; undefined when nothing does. */
export function findSecret(text: string, environment: NodeJS.ProcessEnv = process.env): string | undefined {
  // Every provider's key variable: their literal values are never written anywhere.
  for (const name of keyVariables()) {
    const value = environment[name]?.trim();
    if (value && value.length >= MINIMUM_SECRET_LENGTH && text.includes(value)) return `the value of ${name}`;
  }
  // Every shape starts a word with `sk-`: the shapes are tried only there, not over a report's every piece.
  return firstKeyShape(text)?.shown;
}

/** Throws a {@link SecretLeakError} naming `destination` when `text` contains what looks like an API key. */
export function assertNoSecrets(
  text: string,
  destination: string,
  environment: NodeJS.ProcessEnv = process.env,
): void {
  const found = findSecret(text, environment);
  if (found === undefined) return;
  throw new SecretLeakError(
    `refusing to write ${destination}: it contains what looks like an API key (${found})`,
  );
}

/**
 * Whether {@link redactSecrets} of a text's pieces, one by one, is the text's redacted, for pieces cut only right before
 * a space or next to a double quote: no key shape, URL credential or key-named query value holds either, so only a
 * key variable's value that does could reach across a cut.
 */
export function redactsPieceByPiece(environment: NodeJS.ProcessEnv = process.env): boolean {
  return keyVariables().every((name) => {
    const value = environment[name]?.trim();
    return !value || value.length < MINIMUM_SECRET_LENGTH || !/[\s"]/.test(value);
  });
}

/** `text` with every key-like value (and every provider key variable's value) replaced by `***`. */
export function redactSecrets(text: string, environment: NodeJS.ProcessEnv = process.env): string {
  let redacted = redactUrlSecrets(text);
  for (const name of keyVariables()) {
    const value = environment[name]?.trim();
    if (value && value.length >= MINIMUM_SECRET_LENGTH) redacted = redacted.replaceAll(value, '***');
  }
  // Every shape starts a word with `sk-`: most texts (every stored prompt and answer) are passed over without a pattern.
  if (firstKeyShape(redacted) === undefined) return redacted;
  for (const { pattern } of KEY_SHAPES) redacted = redacted.replace(new RegExp(pattern.source, 'g'), '***');
  return redacted;
}
