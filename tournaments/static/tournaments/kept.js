// Deals kept on this phone: deal_form.js keeps each deal in the phone's storage, under
// its table (one outbox for the table's link, one for an organizer), until the server
// has it. Here they are read and said in words, so that a deal the phone cannot send
// (its table's link was reissued or revoked, its round closed) is never lost from sight:
// the table shows it to the organizer, who enters it, or opens the table's new link on
// this phone, which sends it. Plain JavaScript, served by the app.
(function () {
  "use strict";
  var PREFIX = "taroky-outbox:";

  // Escaped for HTML text and attribute values alike.
  function text(value) {
    return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }

  // Every outbox on this phone that holds a deal: [{key, deals}].
  function outboxes() {
    var found = [];
    var keys;
    try { keys = Object.keys(localStorage); } catch (e) { return found; }
    keys.sort().forEach(function (key) {
      if (key.indexOf(PREFIX) !== 0) return;
      var deals;
      try { deals = JSON.parse(localStorage.getItem(key)); } catch (e) { return; }
      if (Array.isArray(deals) && deals.length) found.push({ key: key, deals: deals });
    });
    return found;
  }

  function remove(key, number) {
    var rest = [];
    try { rest = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { rest = []; }
    rest = rest.filter(function (d) { return d.number !== number; });
    if (rest.length) localStorage.setItem(key, JSON.stringify(rest));
    else localStorage.removeItem(key);
  }

  // A deal kept before its words were (a phone that kept it with an older page): the
  // fields as they were sent.
  function fieldsSent(body) {
    var said = [];
    new URLSearchParams(body || "").forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "save", "number"].indexOf(name) < 0) said.push([name, value]);
    });
    return said;
  }

  function keptAt(iso) {
    var when = iso ? new Date(iso) : null;
    if (!when || isNaN(when)) return "";
    return " · kept at " + when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  // A kept deal in words: its number, its table, when, and each field as the form said it.
  function dealHtml(deal) {
    var said = deal.said || fieldsSent(deal.body);
    return '<div class="kept-deal" data-number="' + text(deal.number) + '"><p><strong>Deal ' +
      text(deal.number) + "</strong>" + (deal.where ? " · " + text(deal.where) : "") +
      keptAt(deal.kept) + '</p><p class="kept-said">' + said.map(function (pair) {
        return '<span class="kept-field"><span class="muted">' + text(pair[0]) + ":</span> " +
          text(pair[1]) + "</span>";
      }).join(" · ") + "</p></div>";
  }

  function numbers(deals) {
    var many = deals.length > 1;
    return (many ? "Deals " : "Deal ") + deals.map(function (d) { return d.number; }).join(", ") +
      (many ? " were" : " was");
  }

  // <div id="kept-elsewhere" data-here="OUTBOX" data-except="OUTBOX">: the deals kept on
  // this phone that this page does not send. ``data-except``: the outbox of this page's
  // deal form (it says its own deals itself); ``data-here``: this table's own (the
  // table's sheet: its deal form sends them).
  function showElsewhere() {
    var box = document.getElementById("kept-elsewhere");
    if (!box) return;
    var except = box.dataset.except ? PREFIX + box.dataset.except : null;
    var here = box.dataset.here ? PREFIX + box.dataset.here : null;
    var html = "";
    outboxes().forEach(function (outbox) {
      if (outbox.key === except) return;
      var deals = outbox.deals;
      if (outbox.key === here) {
        html += '<div class="card outbox waiting"><p><strong>Saved on this phone, not yet sent (deal ' +
          deals.map(function (d) { return d.number; }).join(", ") + ").</strong> " +
          "<em>Enter deal</em> sends " + (deals.length > 1 ? "them" : "it") + ".</p></div>";
        return;
      }
      html += '<div class="card outbox conflict kept-elsewhere"><p><strong>' + numbers(deals) +
        " kept on this phone but not sent from its table's link: show this to the " +
        "organizer.</strong> Open the table's link on this phone (its new link, if the " +
        "organizer gave the table one) and " + (deals.length > 1 ? "they are" : "it is") +
        " sent from there; or the organizer enters " + (deals.length > 1 ? "them" : "it") +
        ".</p>" + deals.map(function (d) {
          return dealHtml(d) + '<p><button type="button" class="secondary kept-remove" data-key="' +
            text(outbox.key) + '" data-number="' + text(d.number) + '">Remove deal ' +
            text(d.number) + " from this phone</button></p>";
        }).join("") + "</div>";
    });
    box.innerHTML = html;
    box.hidden = !html;
    box.querySelectorAll(".kept-remove").forEach(function (button) {
      button.addEventListener("click", function () {
        var number = parseInt(button.dataset.number, 10);
        if (!window.confirm("Remove deal " + number + " from this phone? Only once the organizer " +
          "has entered it: it cannot be brought back.")) return;
        remove(button.dataset.key, number);
        showElsewhere();
      });
    });
  }

  window.TarokyKept = { PREFIX: PREFIX, dealHtml: dealHtml, outboxes: outboxes, text: text };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showElsewhere);
  else showElsewhere();
})();
