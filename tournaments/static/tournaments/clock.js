// Rounds on the clock: count down to the bell on every [data-clock] element (the wall,
// a table's sheet and deal page, the round's page). The time is the server's: the
// offset between the server's clock (/now.json, fetched with no cache, halfway through
// its round trip; until then the page's data-now as it arrived) and this device's, so
// every phone shows the same time left whatever its own clock says. Elements swapped in
// later (the wall's refresh) are counted too.
(function () {
  "use strict";
  var offset = null; // the server's time minus this device's, in ms
  var SYNC_MS = 300000;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function words(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ":" + pad(s % 60);
  }

  function serverNow(el) {
    if (offset !== null) return Date.now() + offset;
    if (!el.dataset.seen) el.dataset.seen = String(Date.now());
    return Number(el.dataset.now) + (Date.now() - Number(el.dataset.seen));
  }

  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      if (el.hasAttribute("data-stopped")) return;
      var left = Number(el.dataset.bell) - serverNow(el);
      var out = el.querySelector("[data-clock-left]");
      var rung = el.querySelector("[data-clock-rung]");
      if (left > 0) {
        out.textContent = words(left);
        el.classList.remove("rung");
        if (rung) rung.hidden = true;
      } else {
        out.textContent = "Time is up";
        el.classList.add("rung");
        if (rung) rung.hidden = false;
      }
    });
  }

  function sync() {
    var el = document.querySelector("[data-clock]");
    if (!el || !window.fetch) return;
    var sent = Date.now();
    fetch(el.dataset.nowUrl, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (said) {
        if (said && typeof said.now === "number") {
          offset = said.now - (sent + Date.now()) / 2;
          tick();
        }
      })
      .catch(function () { /* offline: the page's time as it arrived */ });
  }

  tick();
  sync();
  setInterval(tick, 1000);
  setInterval(sync, SYNC_MS);
})();
