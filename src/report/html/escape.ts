/**
 * Text and data made safe to place in the HTML report. Nothing in the page may be a link: a URL quoted
 * from a session is written with its slashes as character references, so the file holds no `://` at all.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// Whether a text needs escaping at all: most a page escapes (a chart's attributes, names, numbers) does not, and one
// test of it costs less than the two passes of replacing nothing.
const NEEDS_ESCAPING = /[&<>"']|:\/\//;

/** Text for an element's content or a quoted attribute. */
export function escapeHtml(text: string | number): string {
  const string = typeof text === 'string' ? text : String(text);
  if (!NEEDS_ESCAPING.test(string)) return string;
  return string.replace(/[&<>"']/g, (character) => ENTITIES[character]!).replaceAll('://', ':&#47;&#47;');
}

/** Data as JSON a `<script type="application/json">` can hold: nothing in it closes the element or spells a URL. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replaceAll('://', ':\\/\\/');
}
