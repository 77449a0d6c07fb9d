/**
 * A records pack's calls page as a browser shows it, without a browser: its `<pre>` lines made elements, its script
 * run against them, the page opened at an anchor. What a reader sees of a prompt stored by parts is then checked
 * like what it sees of one stored whole.
 */
import assert from 'node:assert/strict';

type ClassList = { contains(name: string): boolean; remove(name: string): void };
type Element = { id: string; textContent: string; classList: ClassList };

/** A line's text as the page's text content: character references read, `&#10;` a line break. */
function textContent(html: string): string {
  return html
    .replaceAll('&#10;', '\n')
    .replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'));
}

/**
 * The text the calls page shows at `#anchor` once opened there (its script run), line breaks and all; fails when
 * the page has no element of that id.
 */
export function shownAt(page: string, anchor: string): string {
  const elements = new Map<string, Element>();
  for (const line of page.split('\n')) {
    const match = /^<pre id="([^"]+)"(?: class="([^"]+)")?>(.*)<\/pre>$/.exec(line);
    if (!match) continue;
    const names = new Set(match[2] ? match[2].split(' ') : []);
    const classList = {
      contains: (name: string) => names.has(name),
      remove: (name: string) => names.delete(name),
    };
    elements.set(match[1]!, { id: match[1]!, textContent: textContent(match[3]!), classList });
  }
  const element = elements.get(anchor);
  assert.ok(element, `#${anchor}: an element of that id`);
  const script = /<script>(.*?)<\/script>/s.exec(page.split('\n')[0]!);
  if (script) {
    const listeners = new Map<string, () => void>();
    const document = { getElementById: (id: string) => elements.get(id) ?? null };
    const location = { hash: `#${anchor}` };
    new Function('document', 'location', 'addEventListener', script[1]!)(
      document,
      location,
      (type: string, listener: () => void) => listeners.set(type, listener),
    );
    listeners.get('DOMContentLoaded')?.();
  }
  return element.textContent;
}

/** The JSON text a calls page shows at `#anchor` (its shown line breaks taken out). */
export function storedJsonAt(page: string, anchor: string): string {
  return shownAt(page, anchor).replaceAll('\n', '');
}
