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
.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* Headers wrap between words (a figure never does): a wide table keeps its columns on the page longer. */
th.number { white-space: normal; min-width: 5ch; }
.table-wrap { overflow-x: auto; }
table.sortable th button { all: unset; cursor: pointer; }
table.sortable th button:focus-visible { outline: 2px solid var(--accent); }
table.sortable th[aria-sort="ascending"] button::after { content: " ▲"; font-size: 10px; }
table.sortable th[aria-sort="descending"] button::after { content: " ▼"; font-size: 10px; }
table.comparison tbody tr:hover { background: #fffbdd; }
table.comparison td:first-child, table.sweep td:nth-child(2) { white-space: nowrap; }
tr.lexical td:first-child { font-style: italic; }
.marks, .failed { color: #9a6700; }
ul.legend { color: var(--muted); padding-left: 18px; margin: 4px 0; }
html { scroll-padding-top: 56px; }
figure { margin: 16px 0 8px; }
.figure-body { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: flex-start; }
.chart-box { flex: 0 1 auto; min-width: 0; max-width: 100%; }
svg.chart { display: block; max-width: 100%; height: auto; }
svg.chart.narrow { display: none; }
.chart-legend { flex: 1 1 220px; max-width: 440px; font-size: 12px; color: var(--ink); }
.chart-legend ul { list-style: none; margin: 2px 0 6px; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 1px 12px; }
.chart-legend li, .chart-legend label { display: flex; align-items: center; gap: 4px; }
.chart-legend.toggles label { cursor: pointer; }
.chart-legend .legend-title, .chart-legend .ramp-end { color: var(--muted); margin-right: 6px; }
.chart-legend .ramp { vertical-align: middle; margin-right: 6px; }
svg.icon { flex: none; vertical-align: -3px; }
td svg.icon { margin-right: 4px; }
figcaption { color: var(--muted); max-width: 900px; }
.hint { color: var(--muted); }
details.strategy { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 0 12px; }
details.strategy > summary { cursor: pointer; padding: 8px 0; font-weight: 600; }
details.strategy > summary .hint { font-weight: normal; }
dl.figures { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
dl.figures dt { color: var(--muted); }
dl.figures dd { margin: 0; font-variant-numeric: tabular-nums; }
pre.summary, details.call-answer pre { white-space: pre-wrap; word-break: break-word; background: var(--soft); padding: 12px; border-radius: 6px; max-height: 520px; overflow: auto; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
td.stored { min-width: 36ch; }
.side-by-side .pickers { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.side-by-side select { font: inherit; padding: 2px 4px; max-width: 100%; }
.side-by-side .panes { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; align-items: start; }
.side-by-side .pane { min-width: 0; }
.side-by-side h4.pane-name { position: sticky; top: 40px; background: #fff; margin: 0 0 4px; padding: 4px 0; border-bottom: 2px solid var(--line); z-index: 1; }
.side-by-side .pane table { display: block; overflow-x: auto; }
footer { color: var(--muted); padding-top: 24px; padding-bottom: 40px; }
.verdict { border: 1px solid #9ec5fe; border-left: 6px solid var(--accent); background: #f1f7ff; border-radius: 6px; padding: 10px 16px; margin: 16px 0; }
.verdict .question { color: var(--muted); margin: 0 0 4px; font-style: italic; }
.verdict .answer { font-size: 18px; font-weight: 600; margin: 0 0 6px; }
.verdict ul { margin: 0; padding-left: 18px; }
.verdict.gate.pass { border-color: #8ddb9b; border-left-color: #1a7f37; background: #f0fbf2; }
.verdict.gate.fail { border-color: #ffa198; border-left-color: #cf222e; background: #fff5f5; }
.gate .gate-word { font-weight: 700; }
.gate.pass .gate-word { color: #1a7f37; }
.gate.fail .gate-word, .gate ul.failures { color: #a40e26; }
pre.gate-facts { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: 8px; border-radius: 4px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
table.comparison td:first-child, table.comparison th:first-child, table.sweep td:nth-child(2), table.matrix th[scope="row"] { position: sticky; left: 0; background: #fff; z-index: 1; }
table.comparison th:first-child { background: var(--soft); }
table.comparison tr.recommended td { background: #eaf5ea; }
table.comparison tr.recommended td:first-child { box-shadow: inset 4px 0 0 #1a7f37; }
.probe-matrix .filters { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: center; margin: 6px 0; }
.probe-matrix select, .probe-matrix input[type="search"], .transcript input[type="search"] { font: inherit; padding: 2px 4px; }
.matrix-wrap { max-height: 560px; overflow: auto; border: 1px solid var(--line); }
table.matrix { margin: 0; font-size: 12px; }
table.matrix thead th { position: sticky; top: 0; z-index: 2; }
table.matrix thead th.strategy-column { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: normal; padding: 6px 2px; }
table.matrix td.cell { text-align: center; cursor: pointer; min-width: 24px; padding: 2px 4px; }
table.matrix td.matched { background: #dafbe1; color: #116329; }
table.matrix td.partial { background: #fff8c5; color: #6e5600; }
table.matrix td.missed { background: #ffebe9; color: #a40e26; }
table.matrix td.contradicted { background: #fff1c2; color: #7d4e00; font-weight: 700; }
table.matrix td.cell.selected { outline: 2px solid var(--ink); outline-offset: -2px; }
.probe-detail { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 8px 0; background: var(--soft); }
.probe-detail .excerpt { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: 6px 8px; border-radius: 4px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.probe-detail ul.facets { list-style: none; padding-left: 0; }
ul.facts li.lost::before { content: "− "; color: #a40e26; font-weight: 700; }
ul.facts li.gained::before { content: "+ "; color: #116329; font-weight: 700; }
ul.facts { list-style: none; padding-left: 0; }
.probe-detail li.stated::before { content: "✓ "; color: #116329; }
.probe-detail li.absent::before { content: "✗ "; color: #a40e26; }
mark.facet { background: #ffd33d; padding: 0 1px; }
details.transcript ol.messages { list-style: none; padding: 0; }
details.transcript li { border-bottom: 1px solid var(--line); padding: 4px 0; display: grid; grid-template-columns: 48px 1fr; gap: 8px; }
details.transcript li pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; max-height: 320px; overflow: auto; }
details.transcript li.role-user pre { color: #0a3069; }
details.transcript li.flash { background: #fff8c5; }
.message-index { color: var(--muted); font-variant-numeric: tabular-nums; text-align: right; }
figure svg [data-strategy] { cursor: pointer; }
figure svg .hidden-series { display: none; }
@media (max-width: 900px) {
  header, main, footer { padding: 0 12px; }
  nav ul { padding: 6px 12px; }
  .side-by-side .pickers, .side-by-side .panes { grid-template-columns: 1fr; }
  .verdict .answer { font-size: 16px; }
}
@media (max-width: 600px) {
  /* On a phone the sticky navigation is one line that scrolls sideways, not four that cover the page. */
  nav ul { flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; }
  th, td { padding: 3px 5px; }
  svg.chart.wide { display: none; }
  svg.chart.narrow { display: block; }
}
`;

/**
 * The page's script: sort the comparison by a header's figures (click again to reverse; blanks last), fill the
 * side-by-side columns with the chosen strategies' panels, and open a strategy's panel when linked to.
 */
export const SCRIPT = `
(function () {
  'use strict';
  var escapeText = function (text) {
    return String(text).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  };
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
      var name = selects[index].options[selects[index].selectedIndex].text;
      panes[index].innerHTML = source ? '<h4 class="pane-name">' + escapeText(name) + '</h4>' + source.innerHTML : '';
    };
    selects.forEach(function (select, index) {
      select.addEventListener('change', function () { show(index); });
      show(index);
    });
  });

  var anchorOf = function (name) { return 'strategy-' + name.replace(/[^A-Za-z0-9_+-]/g, '-'); };
  var openTarget = function (id) {
    var target = document.getElementById(id);
    if (!target) return;
    if (target.tagName === 'DETAILS') target.open = true;
    var parent = target.closest('details');
    if (parent) parent.open = true;
    target.scrollIntoView({ block: 'start' });
  };
  // Charts: a click on a strategy's mark (or its legend entry) opens its details; the tooltips are in the SVG.
  document.querySelectorAll('figure svg.chart [data-strategy]').forEach(function (mark) {
    mark.addEventListener('click', function () {
      var name = mark.getAttribute('data-strategy');
      var section = mark.closest('section.target');
      var prefix = section ? section.id.replace(/section$/, '') : '';
      var id = prefix + anchorOf(name);
      if (!document.getElementById(id)) id = anchorOf(name);
      if (!document.getElementById(id)) return;
      location.hash = id;
      openTarget(id);
    });
  });
  // A legend of toggles (retention by position): each box shows or hides its strategy's marks.
  document.querySelectorAll('figure .chart-legend.toggles').forEach(function (legend) {
    var figure = legend.closest('figure');
    legend.addEventListener('change', function (event) {
      var name = event.target.value;
      figure.querySelectorAll('svg.chart [data-strategy]').forEach(function (mark) {
        if (mark.getAttribute('data-strategy') === name) mark.classList.toggle('hidden-series', !event.target.checked);
      });
    });
  });
  // The probe matrix: filters, search, and the detail of a clicked cell.
  document.querySelectorAll('.probe-matrix').forEach(function (view) {
    var data = JSON.parse(view.querySelector('.probe-data').textContent);
    var table = view.querySelector('table.matrix');
    var mode = view.querySelector('.show-filter');
    var kind = view.querySelector('.kind-filter');
    var strategy = view.querySelector('.strategy-filter');
    var search = view.querySelector('.probe-search');
    var count = view.querySelector('.count');
    var detail = view.querySelector('.probe-detail');
    // A cell's probe, strategy and outcome come from its place and class: the page holds no copy per cell.
    var FIRST_CELL = 3;
    var OUTCOMES = ['matched', 'partial', 'missed', 'contradicted'];
    var outcomeOf = function (cell) {
      return OUTCOMES.filter(function (outcome) { return cell.classList.contains(outcome); })[0] || 'missed';
    };
    var texts = data.probes.map(function (probe) { return (probe.id + ' ' + probe.question + ' ' + probe.answer).toLowerCase(); });
    var filter = function () {
      var column = strategy.value;
      var words = search.value.toLowerCase().trim();
      var visible = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row, index) {
        var failed = column === '' ? row.getAttribute('data-failing') === 'true'
          : outcomeOf(row.cells[FIRST_CELL + Number(column)]) !== 'matched';
        var wanted = mode.value === '' || (mode.value === 'failures' && failed) || (mode.value === 'passes' && !failed)
          || (mode.value === 'different' && row.getAttribute('data-different') === 'true');
        var show = wanted && (kind.value === '' || row.getAttribute('data-kind') === kind.value)
          && (words === '' || texts[index].indexOf(words) >= 0);
        row.hidden = !show;
        if (show) visible++;
      });
      Array.prototype.forEach.call(table.rows, function (row) {
        Array.prototype.forEach.call(row.cells, function (cell, index) {
          if (index >= FIRST_CELL) cell.hidden = column !== '' && index - FIRST_CELL !== Number(column);
        });
      });
      count.textContent = visible + ' of ' + data.probes.length + ' probes';
    };
    [mode, kind, strategy].forEach(function (control) { control.addEventListener('change', filter); });
    search.addEventListener('input', filter);
    filter();
    var highlight = function (text, spellings) {
      var lower = text.toLowerCase();
      var ranges = [];
      spellings.forEach(function (spelling) {
        var needle = spelling.toLowerCase();
        if (!needle) return;
        for (var at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) ranges.push([at, at + needle.length]);
      });
      ranges.sort(function (a, b) { return a[0] - b[0]; });
      var out = '', last = 0;
      ranges.forEach(function (range) {
        if (range[0] < last) return;
        out += escapeText(text.slice(last, range[0])) + '<mark class="facet">' + escapeText(text.slice(range[0], range[1])) + '</mark>';
        last = range[1];
      });
      return { html: out + escapeText(text.slice(last)), first: ranges.length > 0 ? ranges[0][0] : -1 };
    };
    var excerpt = function (text, spellings, width) {
      var found = highlight(text, spellings);
      if (found.first < 0) return null;
      var start = Math.max(0, found.first - width), end = Math.min(text.length, found.first + width * 2);
      var cut = highlight(text.slice(start, end), spellings).html;
      return (start > 0 ? '… ' : '') + cut + (end < text.length ? ' …' : '');
    };
    var messageText = function (index) {
      var item = document.getElementById('message-' + index);
      return item ? item.querySelector('pre').textContent : null;
    };
    var show = function (cell) {
      table.querySelectorAll('td.selected').forEach(function (other) { other.classList.remove('selected'); });
      cell.classList.add('selected');
      var row = cell.parentNode.sectionRowIndex;
      var probe = data.probes[row];
      var chosen = data.strategies[cell.cellIndex - FIRST_CELL];
      var outcome = outcomeOf(cell);
      var stated = chosen.facets[row] || [];
      // The summary is read from the strategy's panel: the page holds it once.
      var panel = document.getElementById(chosen.anchor);
      var summaryText = panel && panel.querySelector('pre.summary') ? panel.querySelector('pre.summary').textContent : '';
      var parts = ['<h4>' + escapeText(probe.id) + ' (' + escapeText(probe.kind) + ') in <a href="#' + chosen.anchor + '">' + escapeText(chosen.name) + '</a>: <span class="outcome">' + (outcome === 'matched' ? 'kept' : outcome === 'partial' ? 'partial (counts half)' : outcome) + '</span></h4>',
        '<p><strong>Question:</strong> ' + escapeText(probe.question) + '</p>',
        '<p><strong>Answer:</strong> ' + escapeText(probe.answer) + '</p>'];
      var spellings = [];
      if (probe.facets) {
        parts.push('<p><strong>Facets</strong> (every one must be stated, near each other):</p><ul class="facets">' + probe.facets.map(function (facet, index) {
          if (stated[index]) spellings = spellings.concat(facet);
          return '<li class="' + (stated[index] ? 'stated' : 'absent') + '">' + facet.map(escapeText).join(' / ') + (stated[index] ? '' : ' <span class="hint">(not in the summary)</span>') + '</li>';
        }).join('') + '</ul>');
      } else {
        parts.push('<p class="meta">The probe’s facets are not in this page (rebuilt without the transcript).</p>');
      }
      var inSummary = spellings.length > 0 ? excerpt(summaryText, spellings, 220) : null;
      if (inSummary) parts.push('<p><strong>Where in the summary:</strong></p><div class="excerpt summary-excerpt">' + inSummary + '</div>');
      else if (outcome === 'matched' && chosen.kept.length > 0) parts.push('<p class="meta">Kept through the messages the strategy keeps verbatim (' + chosen.kept.map(function (range) { return range.start + '–' + (range.end - 1); }).join(', ') + ').</p>');
      else if (probe.facets) parts.push('<p class="meta">No facet of it is in the summary.</p>');
      var all = probe.facets ? [].concat.apply([], probe.facets) : [];
      if (probe.stated.length > 0) {
        parts.push('<p><strong>Stated in the transcript at:</strong></p>');
        probe.stated.forEach(function (index) {
          var text = messageText(index);
          var shown = text === null ? null : (excerpt(text, all, 200) || escapeText(text.slice(0, 400)));
          parts.push('<div class="stated-message"><a href="#message-' + index + '" data-message="' + index + '">message ' + index + '</a>' + (shown === null ? '' : '<div class="excerpt transcript-excerpt">' + shown + '</div>') + '</div>');
        });
      }
      detail.innerHTML = parts.join('');
    };
    table.addEventListener('click', function (event) {
      var cell = event.target.closest('td.cell');
      if (cell) show(cell);
    });
    table.addEventListener('mouseover', function (event) {
      var cell = event.target.closest('td.cell');
      if (cell && !cell.title) cell.title = data.strategies[cell.cellIndex - FIRST_CELL].name + ': ' + outcomeOf(cell);
    });
    table.addEventListener('keydown', function (event) {
      var cell = event.target.closest('td.cell');
      if (cell && (event.key === 'Enter' || event.key === ' ')) { event.preventDefault(); show(cell); }
    });
    detail.addEventListener('click', function (event) {
      var link = event.target.closest('a[data-message]');
      if (!link) return;
      var item = document.getElementById('message-' + link.getAttribute('data-message'));
      if (item) { item.classList.add('flash'); setTimeout(function () { item.classList.remove('flash'); }, 2000); }
      setTimeout(function () { openTarget('message-' + link.getAttribute('data-message')); }, 0);
    });
  });
  // The transcript: search shows only the messages that hold the text.
  document.querySelectorAll('details.transcript').forEach(function (view) {
    var input = view.querySelector('.transcript-search');
    var count = view.querySelector('.count');
    var items = view.querySelectorAll('ol.messages > li');
    input.addEventListener('input', function () {
      var words = input.value.toLowerCase().trim();
      var visible = 0;
      items.forEach(function (item) {
        var show = words === '' || item.textContent.toLowerCase().indexOf(words) >= 0;
        item.hidden = !show;
        if (show) visible++;
      });
      count.textContent = words === '' ? '' : visible + ' of ' + items.length + ' messages';
    });
  });
  // Anchors land below the sticky navigation, however many lines it wraps to.
  var nav = document.querySelector('nav');
  var padTop = function () { if (nav) document.documentElement.style.scrollPaddingTop = (nav.offsetHeight + 8) + 'px'; };
  padTop();
  window.addEventListener('resize', padTop);
  var openLinked = function () {
    if (location.hash) openTarget(decodeURIComponent(location.hash.slice(1)));
  };
  window.addEventListener('hashchange', openLinked);
  openLinked();
})();
`;
