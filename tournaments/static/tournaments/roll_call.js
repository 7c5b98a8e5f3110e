// Roll call: keep "N ticked present" next to the draw button in step with the boxes.
(function () {
  "use strict";
  var form = document.getElementById("round-setup");
  var count = document.getElementById("present-count");
  if (!form || !count) return;
  form.addEventListener("change", function () {
    count.textContent = form.querySelectorAll('input[name="present"]:checked').length;
  });
})();
