// The event form lists every ruleset's house rules; show only the chosen ruleset's.
// Without this script every fieldset shows and the server applies the chosen one.
(function () {
  "use strict";
  const select = document.querySelector('#event-form select[name="ruleset"]');
  if (!select) return;
  const note = document.querySelector("[data-no-js-note]");
  if (note) note.hidden = true;
  function show() {
    document.querySelectorAll("fieldset.house-rules").forEach(function (fs) {
      fs.hidden = fs.dataset.ruleset !== select.value;
    });
  }
  select.addEventListener("change", show);
  show();
})();
