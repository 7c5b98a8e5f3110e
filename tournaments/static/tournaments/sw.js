// The hall's service worker (plain JavaScript, served by the app at /sw.js: no CDN).
// It keeps the app's static files and the deal form pages a phone has opened (the one
// it started on too), so that a reload without network still shows the form and the
// deal kept on the phone (deal_form.js keeps it in localStorage and sends it when the
// network is back).
// Pages are fetched from the network first (they change with every deal); the copy is
// used only when the network cannot be reached. Nothing but GET is ever answered here.
"use strict";
var VERSION = "taroky-hall-4";
var STATIC = [
  "/static/tournaments/site.css",
  "/static/tournaments/hall.css",
  "/static/tournaments/deal_form.js",
  "/static/tournaments/kept.js",
  "/static/tournaments/confirm.js",
  "/static/tournaments/text_size.js",
  "/static/tournaments/favicon.svg",
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(VERSION).then(function (cache) { return cache.addAll(STATIC); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n !== VERSION; })
        .map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); }).then(keepOpenPages)
  );
});

// The pages worth keeping: a table link's pages and an organizer's deal entry.
function kept(url) {
  return url.origin === self.location.origin &&
    (/^\/t\/[^/]+\/(deal\/)?$/.test(url.pathname) || /^\/tables\/\d+\/deals\/new\/$/.test(url.pathname));
}

// A page's messages ("Deal 3 saved.") say what just happened: its copy leaves them
// out, so that a copy shown later never says it again.
function keepCopy(path, response) {
  if (!response.ok || response.redirected) return Promise.resolve();
  return response.text().then(function (html) {
    var copy = new Response(html.replace(/<ul class="messages">[\s\S]*?<\/ul>/, ""), {
      headers: { "Content-Type": response.headers.get("Content-Type") || "text/html" },
    });
    return caches.open(VERSION).then(function (cache) { return cache.put(path, copy); });
  });
}

// A page is fetched once more a second later before its copy is shown: a hall's
// Wi-Fi drops for a moment more often than for good.
function fetchPage(request) {
  return fetch(request).catch(function () {
    return new Promise(function (again) { setTimeout(again, 1000); }).then(function () {
      return fetch(request);
    });
  });
}

// The page that started this worker was fetched before it ran (the first deal form a
// phone opens): fetch a copy of each open page worth keeping, so that it too reloads
// without network.
function keepOpenPages() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
    return Promise.all(pages.map(function (page) {
      var url = new URL(page.url);
      if (!kept(url)) return null;
      // X-Keep-Copy: the server leaves the page's waiting messages ("Deal 3 saved.").
      return fetch(url.pathname, { credentials: "same-origin", headers: { "X-Keep-Copy": "1" } })
        .then(function (response) { return keepCopy(url.pathname, response); })
        .catch(function () {});
    }));
  });
}

// Instead of a page never opened on this phone, without network: what it keeps, sent
// when the network is back (by the deal page where it was kept, which it opens), or
// with Send now. A deal says the page it was kept on (its outbox is its table's); one
// kept by an older page is under that page's address.
var OFFLINE = "<!doctype html><html lang=en><meta charset=utf-8>" +
  "<meta name=viewport content='width=device-width, initial-scale=1'><title>No network</title>" +
  "<link rel=stylesheet href='/static/tournaments/site.css'><main>" +
  "<p>No network, and this page was not opened on this phone before.</p>" +
  "<p id=kept>Deals kept on this phone are sent when the network is back.</p>" +
  "<p><button type=button id=send-now>Send now</button></p></main><script>" +
  "(function () {" +
  "  var prefix = 'taroky-outbox:', page = null, numbers = [];" +
  "  Object.keys(localStorage).forEach(function (key) {" +
  "    if (key.indexOf(prefix) !== 0) return;" +
  "    try { JSON.parse(localStorage.getItem(key)).forEach(function (d) {" +
  "      numbers.push(d.number); page = page || d.page || null; }); }" +
  "    catch (e) { return; }" +
  "    if (key.charAt(prefix.length) === '/') page = page || key.slice(prefix.length);" +
  "  });" +
  "  if (numbers.length) document.getElementById('kept').textContent = 'Saved on this phone, ' +" +
  "    'not yet sent (deal ' + numbers.join(', ') + '). ' + (numbers.length > 1 ? 'They are' : " +
  "    'It is') + ' sent when the network is back.';" +
  "  function retry() { if (page) location.href = page; else location.reload(); }" +
  "  document.getElementById('send-now').addEventListener('click', retry);" +
  "  window.addEventListener('online', retry);" +
  "  setInterval(function () { if (navigator.onLine) retry(); }, 15000);" +
  "})();</script></html>";

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    // Static files: the network when it answers (a new version of the app), else the copy.
    event.respondWith(
      fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(VERSION).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      }).catch(function () { return caches.match(request, { ignoreSearch: true }); })
    );
    return;
  }
  if (request.mode === "navigate" && kept(url)) {
    event.respondWith(
      fetchPage(request).then(function (response) {
        keepCopy(url.pathname, response.clone());
        return response;
      }).catch(function () {
        return caches.match(url.pathname).then(function (hit) {
          return hit || new Response(OFFLINE, {
            status: 503, headers: { "Content-Type": "text/html; charset=utf-8" },
          });
        });
      })
    );
  }
});
