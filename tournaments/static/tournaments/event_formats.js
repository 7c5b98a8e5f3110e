// The event form's Format: choosing one fills how the event ranks (the fields each
// format sets, from the JSON the server renders from the settings' declaration), and
// a field changed afterwards shows which format the fields now hold, or "Settings of
// your own". Without this script the server fills the fields when a format is chosen.
(function () {
  "use strict";
  const form = document.getElementById("event-form");
  const select = form && form.querySelector('select[name="format"]');
  const source = document.getElementById("event-formats");
  if (!select || !source || select.disabled) return;
  const formats = JSON.parse(source.textContent);
  const fields = Object.keys(formats[Object.keys(formats)[0]] || {})
    .map(function (name) {
      return form.elements[name];
    })
    .filter(function (field) {
      return field && field.type !== "hidden";
    });

  function fill(values) {
    fields.forEach(function (field) {
      if (field.name in values) field.value = values[field.name];
    });
  }

  // The format the fields hold, "" when none: as the server's format_of says it.
  function fitting() {
    return (
      Object.keys(formats).find(function (key) {
        return fields.every(function (field) {
          return String(formats[key][field.name]) === field.value.trim();
        });
      }) || ""
    );
  }

  select.addEventListener("change", function () {
    if (select.value in formats) fill(formats[select.value]);
  });
  fields.forEach(function (field) {
    field.addEventListener("input", function () {
      select.value = fitting();
    });
    field.addEventListener("change", function () {
      select.value = fitting();
    });
  });
})();
