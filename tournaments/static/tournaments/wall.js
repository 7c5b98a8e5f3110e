// The wall: fetch the changing part every few seconds and swap it in only when it
// changed (no reload, no flicker); where it has several panels (an event's standings and
// the next round's seat list, each category's standings; a season's standings and its latest event's), show each
// in turn.
(function () {
  "use strict";
  var box = document.getElementById("wall-live");
  if (!box || !window.fetch) return;
  var REFRESH_MS = 5000, CYCLE_MS = 15000;
  var shown = 0, last = box.innerHTML;  // the panel shown, by its place

  function showPanel() {
    var panels = box.querySelectorAll("[data-panel]");
    if (shown >= panels.length) shown = 0;
    panels.forEach(function (p, i) { p.hidden = panels.length > 1 && i !== shown; });
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

  setInterval(function () {
    shown += 1;
    showPanel();
  }, CYCLE_MS);
  showPanel();
  setTimeout(refresh, REFRESH_MS);
})();
