/** A long text as runs of whole lines, for passes that work within a line and must not copy the whole at once. */

/**
 * The runs of `text`, each cut at the first line break `chars` or more characters after its start, the break left
 * out: joined by `\n` they are the text (a text ending with a break ends with an empty run).
 */
export function* lineRuns(text: string, chars: number): Generator<string> {
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start + chars);
    if (end < 0) end = text.length;
    yield text.slice(start, end);
    start = end + 1;
  }
}
