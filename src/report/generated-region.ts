/** The regions of the docs that `npm run docs` generates, between a start and an end marker. */

/** A region's two marker lines (each may hold several lines, e.g. a prettier-ignore pair). */
export type RegionMarkers = { readonly start: string; readonly end: string };

/** A document with the text between the markers replaced by `text`; undefined when the markers are missing. */
export function withGeneratedRegion(
  document: string,
  markers: RegionMarkers,
  text: string,
): string | undefined {
  const start = document.indexOf(markers.start);
  const end = document.indexOf(markers.end);
  if (start < 0 || end < start) return undefined;
  return `${document.slice(0, start + markers.start.length)}\n\n${text}\n\n${document.slice(end)}`;
}
