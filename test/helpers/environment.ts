/** Environment variables a test file sets for its own tests: other files may share its process (scripts/test.mjs). */
import { after, before } from 'node:test';

/** Sets `values` in process.env before the calling file's (or suite's) first test, and puts back what was there after its last. */
export function environmentForTests(values: Record<string, string>): void {
  const previous: Record<string, string | undefined> = {};
  before(() => {
    for (const [key, value] of Object.entries(values)) {
      previous[key] = process.env[key];
      process.env[key] = value;
    }
  });
  after(() => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}
