// A form, or the button that submits it, marked data-confirm asks before it posts (an
// undo cannot be taken back; a season's event removed changes its standings).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var question = (button && button.dataset && button.dataset.confirm) ||
      (form.dataset && form.dataset.confirm);
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });
})();
