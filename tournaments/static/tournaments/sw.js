// The hall's service worker (plain JavaScript, served by the app at /sw.js: no CDN).
// It keeps the app's static files and the deal form pages a phone has opened, so that a
// reload without network still shows the form and the deal kept on the phone
// (deal_form.js keeps it in localStorage and sends it when the network is back).
// Pages are fetched from the network first (they change with every deal); the copy is
// used only when the network cannot be reached. Nothing but GET is ever answered here.
"use strict";
var VERSION = "taroky-hall-1";
var STATIC = [
  "/static/tournaments/site.css",
  "/static/tournaments/hall.css",
  "/static/tournaments/deal_form.js",
  "/static/tournaments/confirm.js",
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
    }).then(function () { return self.clients.claim(); })
  );
});

// The pages worth keeping: a table link's pages and an organizer's deal entry.
function kept(url) {
  return url.origin === self.location.origin &&
    (/^\/t\/[^/]+\/(deal\/)?$/.test(url.pathname) || /^\/tables\/\d+\/deals\/new\/$/.test(url.pathname));
}

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
      fetch(request).then(function (response) {
        if (response.ok && !response.redirected) {
          var copy = response.clone();
          caches.open(VERSION).then(function (cache) { cache.put(url.pathname, copy); });
        }
        return response;
      }).catch(function () {
        return caches.match(url.pathname).then(function (hit) {
          return hit || new Response(
            "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
            "<p>No network, and this page was not opened on this phone before. Deals kept on " +
            "this phone are sent when the network is back.</p>",
            { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
          );
        });
      })
    );
  }
});
