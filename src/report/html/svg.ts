/**
 * The one place charts are drawn: a Vega-Lite specification compiled to Vega and rendered to SVG by Vega's
 * headless view (no browser, no canvas), ready to be placed inline in an HTML page.
 */
import { createHash } from 'node:crypto';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

// An SVG inlined in HTML needs no namespace declarations (the HTML parser puts <svg> in the SVG namespace),
// and without them the page holds no URL at all.
const NAMESPACE_ATTRIBUTES = [
  ' xmlns="http://www.w3.org/2000/svg"',
  ' xmlns:xlink="http://www.w3.org/1999/xlink"',
];

/** Shared look of every chart: the page's font, no border around the plot area. */
const CONFIG = {
  font: 'system-ui, -apple-system, Segoe UI, sans-serif',
  view: { stroke: null },
  axis: {
    labelFontSize: 11,
    titleFontSize: 12,
    titleFontWeight: 'normal',
    gridColor: '#eee',
    labelLimit: 0,
  },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', labelLimit: 0 },
} as const;

/** A Vega-Lite chart as an inline SVG element (namespace attributes removed). */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const compiled = compile({ ...spec, config: { ...CONFIG, ...spec.config } } as TopLevelSpec).spec;
  const view = new View(parse(compiled), { renderer: 'none' });
  try {
    let svg = await view.toSVG();
    for (const attribute of NAMESPACE_ATTRIBUTES) svg = svg.replace(attribute, '');
    return withOwnDefinitionIds(svg);
  } finally {
    view.finalize();
  }
}

// Where Vega names a gradient or a clip path it defines (`id="gradient_0"`) and where it uses one (`url(#clip1)`).
const DEFINITION_ID = /(id="|url\(#)((?:p_)?gradient_\d+|clip\d+)(?=[")])/g;

/**
 * Vega numbers gradients and clip paths with counters that last as long as the process, so a chart drawn after
 * others got other ids: a page's bytes depended on what the process drew before it (a suite's pages on the order
 * its sessions finished). Each chart's ids are named instead from a hash of the chart itself: the same chart has
 * the same ids in any process, and two different charts of one page never share one.
 */
function withOwnDefinitionIds(svg: string): string {
  const names = [...new Set([...svg.matchAll(DEFINITION_ID)].map((match) => match[2]!))];
  if (names.length === 0) return svg;
  const numbered = (prefix: string) =>
    svg.replace(
      DEFINITION_ID,
      (_, context: string, name: string) => `${context}${prefix}${names.indexOf(name)}`,
    );
  const chart = createHash('sha256').update(numbered('definition-')).digest('hex').slice(0, 12);
  return numbered(`chart-${chart}-`);
}
