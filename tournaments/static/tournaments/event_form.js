// The event form lists every ruleset's house rules; show only the chosen ruleset's,
// and propose its starting chips unless the organizer typed their own.
// Without this script every fieldset shows and the server applies the chosen one
// (a number left as the page proposed it follows the ruleset there too).
(function () {
  "use strict";
  const form = document.getElementById("event-form");
  const select = form && form.querySelector('select[name="ruleset"]');
  if (!select) return;
  const note = document.querySelector("[data-no-js-note]");
  if (note) note.hidden = true;
  const chips = form.querySelector('input[name="starting_chips"]');
  const proposed = form.querySelector('input[name="starting_chips_proposed"]');
  if (chips && proposed) {
    // Typed by the organizer: no longer a proposal, here or on the server.
    chips.addEventListener("input", function () {
      proposed.value = "";
    });
  }
  function show() {
    let chosen = null;
    document.querySelectorAll("fieldset.house-rules").forEach(function (fs) {
      fs.hidden = fs.dataset.ruleset !== select.value;
      if (!fs.hidden) chosen = fs;
    });
    const untouched = chips && proposed && proposed.value !== "" && chips.value === proposed.value;
    if (chosen && untouched && !chips.disabled) {
      chips.value = chosen.dataset.startingChips;
      proposed.value = chosen.dataset.startingChips;
    }
  }
  select.addEventListener("change", show);
  show();
})();
