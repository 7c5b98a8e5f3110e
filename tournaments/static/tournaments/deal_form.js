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
  // and "bidder" (the bidder as their own partner).
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
      // The bar links to the first field marked, as the server's page of a refused save.
      var first = form.querySelector(".live-invalid");
      if (summary && first && first.id) {
        summary.innerHTML = '<a href="#' + text(first.id) + '">Fix the marked fields</a> to see the payments.';
      } else if (summary) summary.textContent = "Fix the marked fields to see the payments.";
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

  // A refused save: the page opens at the first error the server marked (the Save
  // bar's link names it), scrolled to the top of the screen with the focus in it, so
  // the error's words are in view above the bar. The form's own errors are above the
  // fields (id "form-errors"); a list's error is above its rows.
  function focusFirstError() {
    var target = form.dataset.firstError && document.getElementById(form.dataset.firstError);
    if (!target || target.closest("[hidden]")) return false;
    var input = target.querySelector("input:checked:not([disabled])") ||
      target.querySelector("input:not([disabled]):not([type=hidden]), select, textarea");
    target.scrollIntoView({ block: "start" });
    (input || target).focus({ preventScroll: true });
    return true;
  }

  // Open the form ready to type: at the first field with an error, else (a new deal)
  // the first field still to fill, else the first field.
  function focusFirstField() {
    if (focusFirstError()) return;
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
    // A notice of deals kept on the phone stays in view above the form.
    if (input) input.focus(notice ? { preventScroll: true } : undefined);
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
        .catch(function () {
          // The payments are the server's (the scoring core): without the network none is
          // shown rather than a stale one.
          if (mine !== sequence) return;
          previewBody.innerHTML = '<p class="muted" id="preview-offline">Payment preview when connected.</p>';
          if (summary) summary.textContent = "Payment preview when connected.";
        });
    }, 150);
  }

  // -- a deal kept on the phone until the server has it ----------------------------
  // A new deal is put in the phone's storage before it is sent, and taken out only when
  // the server answers for it: saved, already saved (the same deal reached it before:
  // counted once), a conflict or refused (the form shows why). Without an answer (no
  // network, the server busy) it stays, the page says so, and it is sent again when the
  // network is back, every 15 seconds, or with the button. The deal's number makes a
  // second arrival a refusal, so it is saved exactly once.
  // A conflict (another deal of that number was saved first) keeps the phone's version
  // until the table dismisses it (the server keeps it too, for the organizer), and the
  // deals kept behind it wait until then: their number and dealer follow from it.
  // The deals are kept under their table (``data-outbox``: the table's link's, or an
  // organizer's), not under the page's address: a table's new link, opened on this
  // phone, sends what its old one kept. A link the server no longer takes (reissued,
  // revoked, its round closed) keeps them on the phone and says them in words
  // (kept.js), for the organizer to read.
  var outboxId = form.dataset.outbox || location.pathname;
  var outboxKey = "taroky-outbox:" + outboxId;
  var rejectedKey = "taroky-rejected:" + outboxId;
  // A phone that kept deals under the page's address (before the table's): under the table's.
  (function adoptKeptUnderTheAddress() {
    if (!window.localStorage || outboxId === location.pathname) return;
    try {
      var old = JSON.parse(localStorage.getItem("taroky-outbox:" + location.pathname) || "[]");
      if (old.length) {
        var mine = JSON.parse(localStorage.getItem(outboxKey) || "[]");
        var have = mine.map(function (d) { return d.number; });
        old.forEach(function (d) { if (have.indexOf(d.number) < 0) mine.push(d); });
        mine.sort(function (a, b) { return a.number - b.number; });
        localStorage.setItem(outboxKey, JSON.stringify(mine));
      }
      localStorage.removeItem("taroky-outbox:" + location.pathname);
      var rejectedThere = localStorage.getItem("taroky-rejected:" + location.pathname);
      if (rejectedThere && !localStorage.getItem(rejectedKey)) localStorage.setItem(rejectedKey, rejectedThere);
      localStorage.removeItem("taroky-rejected:" + location.pathname);
    } catch (e) { /* kept where it was */ }
  })();
  var notice = null;
  // The server's words when this page's table link no longer takes deals: the deals
  // kept here wait (no retry every 15 seconds) until the table tries again.
  var linkGone = null;
  var dirty = false;
  // This page is the server's answer to a deal it refused (what to fix is marked): the
  // deals kept behind that one wait until it is saved.
  var refusedHere = form.hasAttribute("data-refused");

  function outbox() {
    try { return JSON.parse(localStorage.getItem(outboxKey) || "[]"); } catch (e) { return []; }
  }
  function keep(list) {
    list.sort(function (a, b) { return a.number - b.number; });
    if (list.length) localStorage.setItem(outboxKey, JSON.stringify(list));
    else localStorage.removeItem(outboxKey);
  }
  function rejected() {
    try { return JSON.parse(localStorage.getItem(rejectedKey) || "null"); } catch (e) { return null; }
  }
  function numberField() { return form.querySelector('input[name="number"]'); }
  function numbers(list) { return list.map(function (d) { return d.number; }).join(", "); }

  // ``scroll``: the person is looking at Save, below: bring the notice into view.
  function showNotice(html, kind, scroll) {
    if (!notice) {
      notice = document.createElement("div");
      notice.id = "outbox";
      notice.setAttribute("aria-live", "polite");
      form.parentNode.insertBefore(notice, form.parentNode.firstChild);
    }
    notice.className = "card outbox " + (kind || "");
    notice.innerHTML = html;
    var again = notice.querySelector("#send-now");
    if (again) again.addEventListener("click", function () { linkGone = null; flush(false); });
    var dismiss = notice.querySelector("#dismiss-conflict");
    if (dismiss) dismiss.addEventListener("click", dismissRejected);
    if (scroll && notice.scrollIntoView) notice.scrollIntoView({ block: "start" });
  }

  // The next deal's form follows the deals kept here: its number, and (``fresh``: the
  // form is empty for the next deal) no dealer suggested, since who deals next follows
  // from the kept deal (the core's rotation, on the server). What to say about it.
  function followKept(list, fresh) {
    if (!list.length) return "";
    var next = Math.max.apply(null, list.map(function (d) { return d.number; })) + 1;
    var field = numberField();
    if (field && parseInt(field.value, 10) < next) setNumber(next);
    var dealers = form.querySelectorAll('input[name="dealer"]');
    if (!fresh || !dealers.length) return "";
    dealers.forEach(function (input) { input.checked = false; });
    var hint = document.getElementById("next-dealer");
    if (hint) hint.hidden = true;
    applyVisibility();
    return " Choose who deals deal " + next + ": the phone suggests it once deal " +
      (next - 1) + " is sent.";
  }

  // ``why``: the server answered, so the network is not to blame: "busy" (a lock it
  // could not have in time) or an error status (a 5xx: restarting, or a fault). It is
  // tried again all the same, and said. ``fresh``: the form is empty for the next deal.
  function showKept(why, fresh, scroll) {
    if (rejected()) { showRejected(fresh, scroll); return; }
    var list = outbox();
    if (!list.length) return;
    var it = list.length > 1 ? "they are" : "it is";
    var said = " " + it.charAt(0).toUpperCase() + it.slice(1) + " sent when the network is back.";
    if (why === "busy") said = " The server was busy; " + it + " tried again every 15 seconds.";
    else if (why) {
      said = " The server answered with an error (" + why + "); " + it + " tried again every 15 " +
        "seconds. If this goes on, show this phone to the organizer.";
    }
    // The form below is a kept deal the server refused, not the next deal.
    if (refusedHere) said = " It is sent once the deal below is saved.";
    else said += followKept(list, fresh);
    var kept = "Saved on this phone, not yet sent (deal " + numbers(list) + ").";
    showNotice("<p><strong>" + text(kept) + "</strong>" + said + "</p>" +
      '<button type="button" id="send-now" class="secondary">Send now</button>', "waiting", scroll);
    // And in the bar beside Save, where the thumb is, until the next deal is filled in.
    if (fresh && summary && !refusedHere) summary.textContent = kept;
  }

  // The server's two versions of the deal, the deals waiting behind it, and the button
  // that lets them go.
  function showRejected(fresh, scroll) {
    var mine = rejected();
    var list = outbox();
    var waiting = "";
    if (list.length) {
      var many = list.length > 1;
      waiting = "<p><strong>Deal" + (many ? "s " : " ") + numbers(list) + (many ? " wait" : " waits") +
        " on this phone: " + (many ? "they are" : "it is") +
        " sent when the table has dismissed this.</strong>" +
        (refusedHere ? "" : followKept(list, fresh)) + "</p>";
    }
    showNotice('<p class="errorlist">' + text(mine.message) + "</p>" + mine.html + waiting +
      '<button type="button" id="dismiss-conflict">Dismiss: the table has seen deal ' +
      mine.number + "</button>", "conflict", scroll);
  }

  function dismissRejected() {
    localStorage.removeItem(rejectedKey);
    if (outbox().length) {
      showKept(null, false);
      flush(false);
      return;
    }
    if (notice) { notice.remove(); notice = null; }
    // Who deals next follows from the deal saved: the server's page suggests them.
    if (!dirty) location.reload();
  }

  function setNumber(n) {
    numberField().value = n;
    var save = document.getElementById("save-deal");
    if (save) save.textContent = "Save deal " + n;
    var heading = document.querySelector("h1");
    if (heading) heading.textContent = "Deal " + n;
  }

  // The server's answer as JSON; a page that is not (a link revoked, a server error)
  // as {result: "http", status, linkRefused}: ``linkRefused``, the words of the page
  // saying that this table link no longer works. A Wi-Fi that neither answers nor fails
  // is given up after 20 seconds, as no answer. The deal goes with this page's CSRF
  // token (the one it was kept with may be older: a sign-in since changes it).
  function post(deal) {
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort ? setTimeout(function () { abort.abort(); }, 20000) : null;
    var body = new URLSearchParams(deal.body);
    var token = form.querySelector('input[name="csrfmiddlewaretoken"]');
    if (token) body.set("csrfmiddlewaretoken", token.value);
    // When this phone kept the deal: the inbox says it, should another be saved first.
    if (deal.kept) body.set("kept_at", deal.kept);
    return fetch(location.pathname, {
      method: "POST",
      body: body.toString(),
      credentials: "same-origin",
      signal: abort ? abort.signal : undefined,
      headers: {
        "Accept": "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Requested-With": "fetch",
      },
    }).then(function (r) {
      clearTimeout(timer);
      var json = (r.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (json) return r.json();
      return r.text().then(function (html) {
        var said = null;
        try {
          var refused = new DOMParser().parseFromString(html, "text/html").getElementById("link-refused");
          said = refused ? refused.textContent.trim() : null;
        } catch (e) { said = null; }
        return { result: "http", status: r.status, linkRefused: said };
      }, function () { return { result: "http", status: r.status }; });
    }, function (error) { clearTimeout(timer); throw error; });
  }

  // The deal as the form says it: each field shown, with what is chosen or typed.
  function describe() {
    var said = [];
    form.querySelectorAll(".field").forEach(function (field) {
      if (field.closest("[hidden]")) return;
      var check = field.querySelector("label.check");
      if (check) {
        var box = check.querySelector("input");
        if (box && box.checked && !box.disabled) said.push([check.textContent.trim(), "yes"]);
        return;
      }
      var label = field.querySelector(".label");
      var name = label ? label.textContent.trim() : "";
      var chosen = field.querySelector("input[type=radio]:checked:not([disabled])");
      var value = "";
      if (chosen) value = chosen.closest("label") ? chosen.closest("label").textContent.trim() : chosen.value;
      else {
        var input = field.querySelector("input:not([type=radio]):not([type=checkbox]):not([disabled]), select, textarea");
        if (input && input.tagName === "SELECT") value = input.selectedIndex >= 0 ? input.options[input.selectedIndex].text : "";
        else if (input) value = input.value;
      }
      var legend = field.closest("fieldset") && field.closest("fieldset").querySelector("legend");
      if (legend) name = legend.textContent.trim() + ", " + name;
      if (value !== "" && value !== "—") said.push([name, value]);
    });
    return said;
  }

  function restore(body) {
    new URLSearchParams(body).forEach(function (value, name) {
      form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
        if (input.type === "radio") input.checked = input.value === value;
        else if (input.type === "checkbox") input.checked = true;
        else if (input.name !== "csrfmiddlewaretoken") input.value = value;
      });
    });
  }

  var saveButton = document.getElementById("save-deal");
  var sending = false;

  // Send the deals kept here, oldest first. ``afterSave``: the person just tapped Save.
  function flush(afterSave) {
    var list = outbox();
    if (!list.length || sending) return;
    if (rejected()) {
      // Held until the table has seen the conflict.
      if (afterSave) kept(true);
      return;
    }
    if (refusedHere && !afterSave) return;
    sending = true;
    var deal = list[0];
    post(deal).then(function (data) {
      sending = false;
      if (data.result === "busy") { kept(afterSave, "busy"); return; }
      if (data.result === "http" && data.status >= 500) { kept(afterSave, data.status); return; }
      if (data.result === "http" && data.linkRefused) {
        // This table link no longer works: every deal kept here stays on the phone, in words.
        linkGone = data.linkRefused;
        if (saveButton) saveButton.disabled = false;
        if (afterSave && !refusedHere) emptyForm();
        showGone(afterSave);
        return;
      }
      if (data.result === "http") {
        // Refused by the server as a page (the form expired, a server's refusal): the
        // deal stays on the phone, where the organizer can read it.
        if (saveButton) saveButton.disabled = false;
        showNotice("<p><strong>Deal " + deal.number + " was not sent: the server refused it " +
          "(" + data.status + "). It stays on this phone: show it to the organizer.</strong></p>" +
          keptWords(outbox()) +
          '<button type="button" id="send-now" class="secondary">Send now</button>', "conflict", afterSave);
        return;
      }
      var rest = outbox().filter(function (d) { return d.number !== deal.number; });
      if (data.result === "saved" || data.result === "already_saved") {
        keep(rest);
        if (rest.length) { flush(afterSave); return; }
        if (afterSave || !dirty) { location.href = data.next; return; }
        showNotice("<p>" + text(data.message) + "</p>", "sent");
      } else if (data.result === "conflict") {
        localStorage.setItem(rejectedKey, JSON.stringify({
          number: deal.number, body: deal.body, message: data.message, html: data.html,
          kept: deal.kept,
        }));
        keep(rest);
        if (saveButton) saveButton.disabled = false;
        // Just saved, nothing behind it: the page again, whose next deal and dealer follow
        // from the deal that was saved, with the two versions above the form.
        if (afterSave && !rest.length) { location.reload(); return; }
        if (afterSave) emptyForm();
        showRejected(afterSave, true);
      } else {
        // Refused: the server's page of the form, with what to fix.
        keep(rest);
        restore(deal.body);
        form.submit();
      }
    }).catch(function () {
      sending = false;
      kept(afterSave);
    });
  }

  // Each deal kept here in words (kept.js): what the organizer reads off the phone.
  function keptWords(list) {
    if (!window.TarokyKept) return "";
    return '<div class="kept-deals">' + list.map(window.TarokyKept.dealHtml).join("") + "</div>";
  }

  // This page's table link no longer takes deals (``linkGone``, the server's words):
  // the deals kept here stay on the phone, said in words for the organizer; the table's
  // new link, opened on this phone, sends them.
  function showGone(scroll) {
    var list = outbox();
    if (!list.length) return;
    var many = list.length > 1;
    showNotice("<p><strong>Deal" + (many ? "s " : " ") + numbers(list) + (many ? " were" : " was") +
      " kept on this phone but the table's link has changed: show this to the organizer.</strong> " +
      text(linkGone) + " Open the table's new link on this phone and " + (many ? "they are" : "it is") +
      " sent from there; or the organizer enters " + (many ? "them" : "it") + ".</p>" +
      keptWords(list) + '<button type="button" id="send-now" class="secondary">Try again</button>',
      "conflict", scroll);
    // And in the bar beside Save, until the next deal is filled in.
    if (summary && !dirty) summary.textContent = "Kept on this phone, not sent (deal " + numbers(list) +
      "): the table's link has changed.";
  }

  // The form ready for the next deal: the kept deal's preview is not its own (nor is
  // one still on its way).
  function emptyForm() {
    form.reset();
    dirty = false;
    clearTimeout(timer);
    sequence++;
    previewBody.innerHTML = '<p class="muted">Fill in the deal to see who pays whom.</p>';
    applyVisibility();
  }

  // No answer (or held back): the deal stays on the phone; the form is ready for the
  // next deal.
  function kept(afterSave, why) {
    if (saveButton) saveButton.disabled = false;
    if (linkGone) {
      if (afterSave && !refusedHere) emptyForm();
      showGone(afterSave);
      return;
    }
    // The refused deal is kept now: an empty form for the next deal is the page's own.
    if (afterSave && refusedHere) { location.href = location.pathname; return; }
    if (afterSave) emptyForm();
    showKept(why, afterSave, afterSave);
  }

  if (form.hasAttribute("data-new") && window.localStorage && window.fetch && window.URLSearchParams) {
    form.addEventListener("submit", function (event) {
      if (event.submitter && event.submitter.name === "preview") return;
      event.preventDefault();
      var body = new URLSearchParams(new FormData(form));
      body.set("save", "1");
      var number = parseInt(body.get("number"), 10);
      var list = outbox().filter(function (d) { return d.number !== number; });
      // With the deal in words and where it was kept, for a page that cannot send it.
      list.push({
        number: number, body: body.toString(), kept: new Date().toISOString(),
        page: location.pathname, where: form.dataset.where || "", said: describe(),
      });
      keep(list);
      if (saveButton) saveButton.disabled = true;
      flush(true);
    });
    window.addEventListener("online", function () { if (!linkGone) flush(false); });
    setInterval(function () { if (outbox().length && !linkGone) flush(false); }, 15000);
    form.addEventListener("change", function () { dirty = true; });
    // A new deal's form opens at its top, where a notice of deals kept here is, even
    // when reloaded from further down.
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    showKept(null, true);
    if (outbox().length && navigator.onLine !== false) flush(false);
  }

  // On a phone the Save bar sticks to the bottom of the screen: a field reached with Tab
  // scrolls clear of it (site.css's scroll-padding-bottom reads --save-bar), however
  // many lines the players' nets beside Save take, in larger text too.
  var bar = form.querySelector(".actions");
  if (bar && window.ResizeObserver) {
    new ResizeObserver(function () {
      var sticky = getComputedStyle(bar).position === "sticky";
      document.documentElement.style.setProperty("--save-bar", sticky ? bar.offsetHeight + "px" : "0px");
    }).observe(bar);
  }

  form.addEventListener("change", function () { applyVisibility(); schedulePreview(); });
  // A choice made on a phone: the next field, if the pinned Save bar covers it (in
  // larger text the bar is a sixth of the screen), is brought clear of it (the page's
  // scroll-padding-bottom is the bar's height). After applyVisibility, which shows the
  // fields the choice opens.
  form.addEventListener("change", function (event) {
    if (!bar || getComputedStyle(bar).position !== "sticky") return;
    if (event.target.type !== "radio" && event.target.type !== "checkbox") return;
    var fields = Array.prototype.filter.call(form.querySelectorAll(".field"), function (f) {
      return !f.closest("[hidden]");
    });
    var next = fields[fields.indexOf(event.target.closest(".field")) + 1];
    if (next && next.getBoundingClientRect().bottom > bar.getBoundingClientRect().top) {
      next.scrollIntoView({ block: "nearest" });
    }
  });
  form.addEventListener("input", schedulePreview);
  applyVisibility();
  focusFirstField();
  // A correction starts from a complete deal: preview it at once. A new deal waits
  // for the first choice, so an empty form is not covered in red.
  if (form.querySelector('input[name="expected_version"]')) schedulePreview();

  // The service worker keeps this page and its files for a reload without network
  // (browsers offer it on https and on the laptop itself, not on plain http over Wi-Fi).
  if ("serviceWorker" in navigator && form.hasAttribute("data-new")) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }
})();
