// Larger text: the switch on every page ("Larger text" / "Normal text"), remembered on
// this device (localStorage). Loaded in <head> without defer, so the class is on <html>
// before the page is first drawn: no flash of small text. site.css and hall.css size
// everything in rem and em (the wall in its screen's height times --text-scale), so the
// class's larger root font scales the whole page. Without JavaScript the switch stays
// hidden and the page is in normal text.
// Larger text makes more tables wider than a phone: each scrolls sideways in its own box
// (.scroll, the wall's columns). A box that scrolls is given tabindex="0", so the
// keyboard reaches it and the arrow keys scroll it; a box that fits is no tab stop.
(function () {
  "use strict";
  var KEY = "taroky-text-size";
  var root = document.documentElement;

  function remembered() {
    try { return localStorage.getItem(KEY) === "large"; } catch (e) { return false; }
  }
  function remember(large) {
    try {
      if (large) localStorage.setItem(KEY, "large");
      else localStorage.removeItem(KEY);
    } catch (e) { /* storage refused (a private window): this page only */ }
  }
  function large() { return root.classList.contains("text-large"); }

  root.classList.toggle("text-large", remembered());

  var BOXES = ".scroll, .wall-columns, figure.chart";
  function reachScrollBoxes() {
    document.querySelectorAll(BOXES).forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("data-scroll-stop", "");
      } else if (!scrolls && box.hasAttribute("data-scroll-stop")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("data-scroll-stop");
      }
    });
  }

  function buttons() { return document.querySelectorAll("[data-text-size]"); }
  function say() {
    buttons().forEach(function (button) {
      button.textContent = large() ? "Normal text" : "Larger text";
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    buttons().forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var on = !large();
        root.classList.toggle("text-large", on);
        remember(on);
        say();
        reachScrollBoxes();
      });
    });
    say();
    reachScrollBoxes();
    // The wall swaps its tables in and shows its panels in turn (wall.js).
    var live = document.getElementById("wall-live");
    if (live && window.MutationObserver) {
      new MutationObserver(reachScrollBoxes).observe(live, {
        childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"],
      });
    }
  });
  window.addEventListener("resize", reachScrollBoxes);

  // Switched in another tab of this device: follow it.
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY && event.key !== null) return;
    root.classList.toggle("text-large", remembered());
    say();
    reachScrollBoxes();
  });
})();
