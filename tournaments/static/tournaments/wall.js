// The wall: fetch the changing part every few seconds and swap it in only when it
// changed (no reload, no flicker); where it has several panels (an event's standings and
// the next round's seat list, each category's standings; a season's standings and its latest event's), show each
// in turn.
// A panel whose rows do not fit the screen (40 players under a round's clock on a 16:9
// wall) is shown in pages: as many rows as fit in each of its columns, in the
// standings' order, the heading saying "page 2 of 3"; every page shows in turn before
// the next panel, so every row of any field is on the wall within one cycle. A phone
// (600px wide or less) scrolls instead: no pages there.
// ``window.TarokyWall.next()`` shows the next page (a test steps through a cycle with
// it); ``window.TAROKY_WALL_CYCLE_MS``, set before this script runs, how long each
// page stays (15 seconds).
(function () {
  "use strict";
  var box = document.getElementById("wall-live");
  if (!box || !window.fetch) return;
  var REFRESH_MS = 5000, CYCLE_MS = window.TAROKY_WALL_CYCLE_MS || 15000;
  var shown = 0, page = 0, last = box.innerHTML;  // the panel shown, by its place; its page
  var paged = window.matchMedia ? window.matchMedia("(min-width: 601px)") : { matches: true };
  var pages = [];  // each panel's count of pages, as last laid out

  function panels() { return box.querySelectorAll("[data-panel]"); }

  // The panel's rows, in order, each kept with the table it came in (the server's columns).
  function rowsOf(panel) {
    if (!panel._rows) {
      panel._rows = Array.prototype.slice.call(panel.querySelectorAll(".wall-columns tbody tr"));
      panel._tables = Array.prototype.slice.call(panel.querySelectorAll(".wall-columns > table"));
      panel._size = Math.max.apply(null, panel._tables.map(function (t) {
        return t.tBodies[0] ? t.tBodies[0].rows.length : 0;
      }).concat([1]));
    }
    return panel._rows;
  }

  function label(panel, text) {
    var heading = panel.querySelector("h2");
    if (!heading) return;
    var span = heading.querySelector(".wall-page");
    if (!span) {
      span = document.createElement("span");
      span.className = "wall-page muted";
      heading.appendChild(span);
    }
    span.textContent = text ? " · " + text : "";
  }

  // Page ``p`` of the panel with ``fit`` rows in each of its first ``cols`` columns:
  // its rows dealt into them in order, a column with none hidden.
  function layOut(panel, cols, fit, p) {
    var rows = rowsOf(panel), per = fit * cols, from = p * per;
    panel._tables.forEach(function (table, i) {
      var mine = i < cols ? rows.slice(from + i * fit, Math.min(from + (i + 1) * fit, from + per)) : [];
      mine.forEach(function (row) { table.tBodies[0].appendChild(row); });
      table.hidden = !mine.length;
    });
    rows.forEach(function (row, i) { row.hidden = i < from || i >= from + per; });
  }

  function tooTall(panel) {
    var bottom = document.documentElement.clientHeight || window.innerHeight;
    return panel.getBoundingClientRect().bottom > bottom + 1;
  }

  function tooWide(panel) {
    var columns = panel.querySelector(".wall-columns");
    return columns.scrollWidth > columns.clientWidth + 1;
  }

  // The columns and rows a column this screen holds, the fewest pages that shows: the
  // server's if the panel fits, else a column fewer while the names do not fit across,
  // and a row fewer while the rows do not fit down.
  function paginate(panel, i) {
    var rows = rowsOf(panel), cols = panel._tables.length, fit = panel._size;
    if (!cols || !rows.length) { pages[i] = 1; return; }
    layOut(panel, cols, fit, 0);
    while (paged.matches) {
      if (cols > 1 && tooWide(panel)) cols -= 1;
      else if (fit > 1 && tooTall(panel)) fit -= 1;
      else break;
      layOut(panel, cols, fit, 0);
    }
    panel._cols = cols;
    panel._fit = fit;
    pages[i] = Math.ceil(rows.length / (fit * cols));
  }

  function showPanel() {
    var all = panels();
    if (shown >= all.length) { shown = 0; page = 0; }
    all.forEach(function (p, i) { p.hidden = all.length > 1 && i !== shown; });
    var panel = all[shown];
    if (!panel) return;
    label(panel, "page 1 of 9");  // room for the words while it measures
    paginate(panel, shown);
    if (page >= pages[shown]) page = 0;
    if (panel._tables.length) layOut(panel, panel._cols, panel._fit, page);
    label(panel, pages[shown] > 1 ? "page " + (page + 1) + " of " + pages[shown] : "");
  }

  // The next page of the panel shown, or the next panel's first.
  function next() {
    page += 1;
    if (page >= (pages[shown] || 1)) { page = 0; shown += 1; }
    showPanel();
    return { panel: shown, page: page, pages: pages[shown] || 1 };
  }

  function refresh() {
    fetch(box.dataset.url, { headers: { "X-Requested-With": "fetch" }, cache: "no-cache" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html !== null && html !== last) {
          last = html;
          box.innerHTML = html;
          showPanel();
        }
      })
      .catch(function () { /* the server restarts or the Wi-Fi drops: try again later */ })
      .then(function () { setTimeout(refresh, REFRESH_MS); });
  }

  window.TarokyWall = { next: next };
  setInterval(next, CYCLE_MS);
  window.addEventListener("resize", showPanel);
  // Larger text (text_size.js) changes what fits.
  new MutationObserver(showPanel).observe(document.documentElement, {
    attributes: true, attributeFilter: ["class"],
  });
  showPanel();
  setTimeout(refresh, REFRESH_MS);
})();
