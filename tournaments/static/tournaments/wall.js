// The wall: fetch the changing part every few seconds and swap it in only when it
// changed (no reload, no flicker); when a new round is drawn, alternate between the
// standings and its seat list.
(function () {
  "use strict";
  var box = document.getElementById("wall-live");
  if (!box || !window.fetch) return;
  var REFRESH_MS = 5000, CYCLE_MS = 15000;
  var shown = "standings", last = box.innerHTML;

  function showPanel() {
    var panels = box.querySelectorAll("[data-panel]");
    var names = Array.prototype.map.call(panels, function (p) { return p.dataset.panel; });
    if (names.indexOf(shown) < 0) shown = "standings";
    panels.forEach(function (p) { p.hidden = panels.length > 1 && p.dataset.panel !== shown; });
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
    shown = shown === "standings" ? "seats" : "standings";
    showPanel();
  }, CYCLE_MS);
  showPanel();
  setTimeout(refresh, REFRESH_MS);
})();
