/**
 * The one place charts are drawn: a Vega-Lite specification compiled to Vega and rendered to SVG by Vega's
 * headless view (no browser, no canvas), ready to be placed inline in an HTML page.
 */
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
    return svg;
  } finally {
    view.finalize();
  }
}
