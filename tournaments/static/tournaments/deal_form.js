// Deal entry: show only the fields that apply, and preview the payments live.
// Plain JavaScript, served by the app (no CDN); the form works without it.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form) return;
  var previewBody = document.getElementById("preview-body");
  var previewButton = document.getElementById("preview-button");
  var summary = document.getElementById("net-summary");
  if (previewButton) previewButton.hidden = true; // the live preview replaces it

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  // The core's description of the fields (json_script) says when each applies: the
  // same conditions as the server's.
  var described = document.getElementById("deal-fields");
  var description = described ? JSON.parse(described.textContent) : [];

  function valueOf(field) {
    if (field.kind === "bool") {
      var box = form.querySelector('input[name="' + field.name + '"]');
      return box && box.checked ? true : (field.required ? false : null);
    }
    if (field.kind === "int") {
      var input = form.querySelector('input[name="' + field.name + '"]');
      return input && input.value !== "" ? parseInt(input.value, 10) : null;
    }
    if (field.kind === "object" || field.kind === "list") return null;
    var value = checked(field.name);
    // A player field's explicit nobody ("none": alone) is null in the document.
    return value === "" || (field.kind === "player" && value === "none") ? null : value;
  }

  function holds(condition, doc) {
    if (!condition) return true;
    if (condition.all) return condition.all.every(function (c) { return holds(c, doc); });
    if (condition.any) return condition.any.some(function (c) { return holds(c, doc); });
    if (condition.not) return !holds(condition.not, doc);
    var value = doc[condition.field] === undefined ? null : doc[condition.field];
    return condition["in"].indexOf(value) >= 0;
  }

  function applyDescribed() {
    var doc = {};
    description.forEach(function (f) { doc[f.name] = valueOf(f); });
    description.forEach(function (f) {
      var shown = holds(f.applies, doc);
      if (!shown) doc[f.name] = null; // a hidden field says nothing to those below it
      form.querySelectorAll('[data-applies="' + f.name + '"]').forEach(function (el) {
        el.hidden = !shown;
        if (shown && f.kind === "list") showRows(el);
      });
    });
  }

  // A list's rows: those filled in and one empty row to add another (the rest wait).
  function showRows(fieldset) {
    var offered = false;
    fieldset.querySelectorAll(".item-row").forEach(function (row) {
      var filled = Array.prototype.some.call(row.querySelectorAll("input"), function (i) {
        return i.checked && i.value !== "";
      }) || !!row.querySelector(".errorlist");
      row.hidden = !filled && offered;
      if (!filled) offered = true;
    });
  }

  // Fields in a hidden group are disabled, so they are not sent: a Five never
  // sends a blind option left over from a Four.
  function applyVisibility() {
    applyDescribed();
    var excluded = excludedChoices();
    form.querySelectorAll("input, select, textarea").forEach(function (input) {
      if (input.type === "hidden" || input.name === "csrfmiddlewaretoken") return;
      var out = !!input.dataset.exclude && excluded(input);
      if (out && input.checked) input.checked = false;
      input.disabled = out || !!input.closest("[hidden]");
      var label = input.closest("label");
      if (label && input.dataset.exclude) label.classList.toggle("unavailable", out);
    });
  }

  // Choices that cannot apply as the deal stands: the server refuses them anyway.
  // data-exclude names why: "sitting-out" (the dealer, where the dealer sits out)
  // and "bidder" (the bidder as his own partner).
  function excludedChoices() {
    var dealer = form.hasAttribute("data-dealer-sits-out") ? checked("dealer") : "";
    var bidder = checked("bidder");
    return function (input) {
      var why = input.dataset.exclude.split(" ");
      return (why.indexOf("sitting-out") >= 0 && dealer !== "" && input.value === dealer) ||
        (why.indexOf("bidder") >= 0 && bidder !== "" && input.value === bidder);
    };
  }

  // Escaped for HTML text and attribute values alike: a player's name may hold quotes.
  function text(value) {
    return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }

  function signed(n) { return (n > 0 ? "+" : "") + n; }

  function render(data) {
    form.querySelectorAll(".live-error").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".field.live-invalid").forEach(function (el) { el.classList.remove("live-invalid"); });
    if (!data.ok) {
      Object.keys(data.errors || {}).forEach(function (field) {
        var box = document.getElementById("field-" + field) || form;
        var list = document.createElement("ul");
        list.className = "errorlist live-error";
        data.errors[field].forEach(function (m) { list.innerHTML += "<li>" + text(m) + "</li>"; });
        if (box.classList) box.classList.add("live-invalid");
        box.appendChild(list);
      });
      previewBody.innerHTML = '<p class="muted">Fix the marked fields to see the payments.</p>';
      if (summary) summary.textContent = "Fix the marked fields to see the payments.";
      return;
    }
    var html = "";
    // The result in the game's own words, from the core.
    if (data.result) html += "<p>" + text(data.result) + "</p>";
    html += '<table><thead><tr><th>From</th><th>To</th><th class="num">Chips</th><th>Why</th></tr></thead><tbody>';
    if (!data.transfers.length) html += '<tr><td colspan="4" class="muted">Nobody pays anything.</td></tr>';
    data.transfers.forEach(function (t) {
      html += "<tr><td>" + text(t.from) + "</td><td>" + text(t.to) + '</td><td class="num">' +
        t.chips + "</td><td>" + text(t.explanation) + "</td></tr>";
    });
    var net = Object.keys(data.net).map(function (name) {
      var n = data.net[name];
      var cls = n > 0 ? "pos" : n < 0 ? "neg" : "";
      return '<span class="' + cls + '" data-player="' + text(name) + '">' + text(name) + " " + signed(n) + "</span>";
    }).join(" · ");
    // A correction: the later deals whose pot it moves, drawn by the server.
    previewBody.innerHTML = html + '</tbody></table><p class="net">' + net + "</p>" +
      (data.later_html || "");
    // The same nets beside Save: on a phone the full preview is below the form.
    if (summary) summary.innerHTML = net;
  }

  // Open the form ready to type: at the first field with an error, else (a new deal)
  // the first field still to fill, else the first field.
  function focusFirstField() {
    var fields = Array.prototype.filter.call(form.querySelectorAll(".field"), function (f) {
      return !f.closest("[hidden]");
    });
    var target = fields.filter(function (f) { return f.classList.contains("has-error"); })[0];
    if (!target && form.hasAttribute("data-new")) {
      target = fields.filter(function (f) {
        var inputs = f.querySelectorAll("input:not([disabled]), select, textarea");
        if (!inputs.length || f.querySelector("input[type=checkbox]")) return false;
        return !Array.prototype.some.call(inputs, function (i) {
          return (i.type === "radio") ? i.checked : i.value !== "";
        });
      })[0];
    }
    target = target || fields[0];
    if (!target) return;
    var input = target.querySelector("input:checked:not([disabled])") ||
      target.querySelector("input:not([disabled]), select, textarea");
    if (input) input.focus();
  }

  var timer = null;
  var sequence = 0;
  function schedulePreview() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var mine = ++sequence;
      fetch(form.dataset.previewUrl, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" },
      })
        .then(function (r) { return r.json(); })
        .then(function (data) { if (mine === sequence) render(data); })
        .catch(function () { /* the Save button still validates on the server */ });
    }, 150);
  }

  form.addEventListener("change", function () { applyVisibility(); schedulePreview(); });
  form.addEventListener("input", schedulePreview);
  applyVisibility();
  focusFirstField();
  // A correction starts from a complete deal: preview it at once. A new deal waits
  // for the first choice, so an empty form is not covered in red.
  if (form.querySelector('input[name="expected_version"]')) schedulePreview();
})();
