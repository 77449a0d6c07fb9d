/**
 * `JSON.stringify(object, null, 2)` written piece by piece: a list given as texts read one at a time (each a
 * results file as written) is never held whole, so `--json` over a suite of any size prints in flat memory.
 */

/** One field of the object: a value, or a list of items, each already `JSON.stringify(item, null, 2)`. */
export type JsonField = { key: string; value: unknown } | { key: string; items: AsyncIterable<string> };

/** The pieces of the object's JSON, exactly as `JSON.stringify` with an indent of 2 writes it (no final newline). */
export async function* jsonPieces(fields: readonly JsonField[]): AsyncGenerator<string> {
  const written = fields.filter((field) => 'items' in field || JSON.stringify(field.value) !== undefined);
  if (written.length === 0) {
    yield '{}';
    return;
  }
  for (const [index, field] of written.entries()) {
    yield `${index === 0 ? '{\n' : ',\n'}  ${JSON.stringify(field.key)}: `;
    if ('value' in field) {
      yield nested(JSON.stringify(field.value, null, 2), 1);
      continue;
    }
    let count = 0;
    for await (const item of field.items) yield `${count++ === 0 ? '[\n' : ',\n'}    ${nested(item, 2)}`;
    yield count === 0 ? '[]' : '\n  ]';
  }
  yield '\n}';
}

/** A JSON text indented as it is when nested `depth` levels deep (JSON strings hold no raw line break). */
function nested(json: string, depth: number): string {
  return json.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}
