// A reporter for node's test runner (scripts/test.mjs adds it beside the visible one): writes how long each test
// file took, in seconds, as JSON to its destination, so that the next run can deal the files into groups of about
// equal length. Each file is a top-level suite named by its path (scripts/test.mjs).

/** Reads the runner's events; yields, at the end, `{ "test/x.test.ts": seconds, ... }`. */
export default async function* durations(source) {
  const seconds = {};
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, details } = event.data;
    if (nesting === 0 && name.endsWith('.test.ts') && details?.duration_ms !== undefined)
      seconds[name] = Math.round(details.duration_ms) / 1000;
  }
  yield `${JSON.stringify(seconds)}\n`;
}
