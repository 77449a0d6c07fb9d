/** The HTML report's inline style sheet and script: nothing is loaded from anywhere, the page opens from disk. */

/** The page's style sheet. */
export const STYLE = `
:root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
header, main, footer { max-width: 1400px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
h1 { font-size: 24px; margin: 0 0 6px; }
h2 { font-size: 19px; margin: 32px 0 8px; padding-top: 8px; border-top: 1px solid var(--line); }
h3 { font-size: 16px; margin: 24px 0 6px; }
h4 { font-size: 14px; margin: 16px 0 4px; }
p, li { max-width: 980px; }
.meta { color: var(--muted); margin: 2px 0; }
nav { position: sticky; top: 0; z-index: 1; background: rgba(255,255,255,0.96); border-bottom: 1px solid var(--line); }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 18px; max-width: 1400px; margin: 0 auto; padding: 8px 24px; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--soft); padding: 1px 4px; border-radius: 4px; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { overflow-x: auto; }
table.sortable th button { all: unset; cursor: pointer; }
table.sortable th button:focus-visible { outline: 2px solid var(--accent); }
table.sortable th[aria-sort="ascending"] button::after { content: " ▲"; font-size: 10px; }
table.sortable th[aria-sort="descending"] button::after { content: " ▼"; font-size: 10px; }
table.comparison tbody tr:hover { background: #fffbdd; }
table.comparison td:first-child { white-space: nowrap; }
tr.lexical td:first-child { font-style: italic; }
.marks, .failed { color: #9a6700; }
ul.legend { color: var(--muted); padding-left: 18px; margin: 4px 0; }
figure { margin: 16px 0 8px; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); max-width: 900px; }
.hint { color: var(--muted); }
details.strategy { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 0 12px; }
details.strategy > summary { cursor: pointer; padding: 8px 0; font-weight: 600; }
details.strategy > summary .hint { font-weight: normal; }
dl.figures { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
dl.figures dt { color: var(--muted); }
dl.figures dd { margin: 0; font-variant-numeric: tabular-nums; }
pre.summary { white-space: pre-wrap; word-break: break-word; background: var(--soft); padding: 12px; border-radius: 6px; max-height: 520px; overflow: auto; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.side-by-side .pickers { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.side-by-side select { font: inherit; padding: 2px 4px; max-width: 100%; }
.side-by-side .panes { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; align-items: start; }
.side-by-side .pane { min-width: 0; }
.side-by-side .pane table { display: block; overflow-x: auto; }
footer { color: var(--muted); padding-top: 24px; padding-bottom: 40px; }
`;

/**
 * The page's script: sort the comparison by a header's figures (click again to reverse; blanks last), fill the
 * side-by-side columns with the chosen strategies' panels, and open a strategy's panel when linked to.
 */
export const SCRIPT = `
(function () {
  'use strict';
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    headers.forEach(function (header, column) {
      header.querySelector('button').addEventListener('click', function () {
        var ascending = header.getAttribute('aria-sort') !== 'ascending';
        headers.forEach(function (other) { other.setAttribute('aria-sort', 'none'); });
        header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = header.getAttribute('data-sort') === 'number';
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var key = function (row) { return row.cells[column].getAttribute('data-value') || ''; };
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
          var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
  document.querySelectorAll('.side-by-side').forEach(function (view) {
    var selects = view.querySelectorAll('select');
    var panes = view.querySelectorAll('.pane');
    var show = function (index) {
      var source = document.getElementById(selects[index].value);
      panes[index].innerHTML = source ? source.innerHTML : '';
    };
    selects.forEach(function (select, index) {
      select.addEventListener('change', function () { show(index); });
      show(index);
    });
  });
  var openLinked = function () {
    var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target && target.tagName === 'DETAILS') target.open = true;
  };
  window.addEventListener('hashchange', openLinked);
  openLinked();
})();
`;
