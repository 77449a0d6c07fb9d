/** The shell every HTML page of the report shares: head with inline style, header, navigation, main, footer, script. */
import { SCRIPT, STYLE } from './assets.ts';
import { escapeHtml } from './escape.ts';
import type { Plot } from './plots.ts';

/** What a page puts in the shell; `header` and `footer` are HTML, `nav` is [anchor, label] pairs. */
export type PageParts = {
  title: string;
  header: string[];
  nav?: string[][];
  /**
   * Blocks of HTML; a function is a block rendered only when the page is written that far, as one string or as
   * pieces written one after another.
   */
  main: Array<string | (() => string | Iterable<string>)>;
  footer: string;
};

/** A whole self-contained page. */
export function htmlDocument(parts: PageParts): string {
  return [...htmlDocumentPieces(parts)].join('');
}

/**
 * {@link htmlDocument} as pieces to write one after another, each block of `main` rendered when it is reached: a
 * long session's page is tens of MB, and joining its parts into one string held it twice.
 */
export function* htmlDocumentPieces({ title, header, nav, main, footer }: PageParts): Generator<string> {
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...header,
    '</header>',
    ...(nav
      ? [
          `<nav><ul>${nav.map(([id, label]) => `<li><a href="#${id}">${escapeHtml(label!)}</a></li>`).join('')}</ul></nav>`,
        ]
      : []),
    '<main>',
    ...main,
    '</main>',
    `<footer>${footer}</footer>`,
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ];
  for (const [index, line] of lines.entries()) {
    const text = typeof line === 'function' ? line() : line;
    const end = index < lines.length - 1 ? '\n' : '';
    if (typeof text === 'string') yield `${text}${end}`;
    else {
      yield* text;
      yield end;
    }
  }
}

/** A chart under its heading (`h2` or `h3`), with its caption; nothing for a chart that has no data. */
export function figure(plot: Plot | null, prefix = '', heading: 'h2' | 'h3' = 'h3'): string {
  if (!plot) return '';
  return [
    `<${heading} id="${prefix}${plot.id}">${escapeHtml(plot.title)}</${heading}>`,
    `<figure data-plot="${plot.id}"><div class="figure-body"><div class="chart-box">${plot.svg}</div>${plot.legend}</div><figcaption>${escapeHtml(plot.caption)}</figcaption></figure>`,
  ].join('\n');
}
