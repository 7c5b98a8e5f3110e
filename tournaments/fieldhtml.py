"""The deal form's fields as HTML, written in Python rather than through templates.

A deal form has some 27 widgets; rendered through Django's form renderer they cost 57
template renders and were a third of a deal's server time (the deal form's page was
half of it). This module writes the same HTML that ``_game_fields.html``,
``_field.html`` and Django's widget templates (``input.html``, ``attrs.html``,
``multiple_input.html``, ``input_option.html``, ``textarea.html``) wrote, byte for
byte (``tests/web/test_fast_html.py`` compares them for every game). What Django
decides stays Django's: each widget's attributes (``BoundField.build_widget_attrs``,
its id), its values and which choice is checked (``Widget.get_context``), and the
errors' own rendering (``ErrorList``). Only the template engine is left out.
"""

from __future__ import annotations

from html import escape as _escape

from django.forms import widgets as dj
from django.utils.safestring import SafeString, mark_safe


def esc(value) -> str:
    """Django's ``conditional_escape`` without its lazy-string wrapper (a third of this
    module's time): markup marked safe as it is, anything else escaped."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _escape(str(value))


def _attrs(attrs: dict) -> str:
    """Django's ``attrs.html``: ``True`` a bare name, ``False`` left out."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(str(value))}"')
    return "".join(out)


def _input(w: dict) -> str:
    """Django's ``input.html``."""
    value = "" if w["value"] is None else f' value="{esc(str(w["value"]))}"'
    return f'<input type="{w["type"]}" name="{esc(w["name"])}"{value}{_attrs(w["attrs"])}>'


def _choices(w: dict) -> str:
    """Django's ``multiple_input.html`` with ``input_option.html`` (radios, no groups)."""
    id_ = w["attrs"].get("id")
    head = f'<div id="{esc(id_)}"' if id_ else "<div"
    if w["attrs"].get("class"):
        head += f' class="{esc(w["attrs"]["class"])}"'
    parts = [head, ">"]
    for group, options, _index in w["optgroups"]:
        if group:  # pragma: no cover - the deal form has no option groups
            raise ValueError("option groups are not written here")
        for o in options:
            label_for = o["attrs"].get("id")
            if o.get("wrap_label"):
                opening = f'<label for="{esc(label_for)}">' if label_for else "<label>"
                option = f"{opening}{_input(o)}\n {esc(o['label'])}</label>\n\n"
            else:  # pragma: no cover
                option = _input(o)
            parts.append(f"<div>\n    {option}</div>")
    parts.append("\n</div>")
    return "".join(parts)


def widget_html(bound) -> str:
    """``{{ bound }}``: what ``BoundField.as_widget`` renders, without templates."""
    widget = bound.field.widget
    if type(widget) not in (
        dj.RadioSelect,
        dj.CheckboxInput,
        dj.NumberInput,
        dj.HiddenInput,
        dj.TextInput,
        dj.Textarea,
    ):  # pragma: no cover - every widget the deal form uses is listed
        return str(bound)
    attrs = bound.build_widget_attrs({}, widget)
    if bound.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", bound.auto_id)
    w = widget.get_context(bound.html_name, bound.value(), attrs)["widget"]
    if isinstance(widget, dj.RadioSelect):
        return _choices(w)
    if isinstance(widget, dj.Textarea):
        value = f"{esc(w['value'])}" if w["value"] else ""
        return f'<textarea name="{esc(w["name"])}"{_attrs(w["attrs"])}>\n{value}</textarea>'
    return _input(w)


def field_html(bound) -> str:
    """``_field.html``: a field's label, widget, help and errors."""
    errors = bound.errors
    kind = bound.widget_type
    label = esc(bound.label)
    out = [f'<div class="field{" has-error" if errors else ""}" id="field-{esc(bound.name)}">\n  ']
    if kind == "checkbox":
        out.append(f'<label class="check">{widget_html(bound)} {label}</label>\n  ')
    elif kind == "number":
        out.append(
            f'<label class="label" for="{esc(bound.id_for_label)}">{label}</label>\n  '
            f"{widget_html(bound)}"
        )
        if bound.help_text:
            out.append(f' <span class="muted">{esc(bound.help_text)}</span>')
        out.append("\n  ")
    else:
        out.append(
            f'<span class="label">{label}</span>\n  <div class="choices">{widget_html(bound)}</div>'
        )
    out.append(f"\n  {errors if errors else ''}\n</div>\n")
    return "".join(out)


def game_fields_html(form, description_script: str) -> SafeString:
    """``_game_fields.html``: every part of the form's layout, then the core's description
    as the page script's JSON (``description_script``, a ``json_script`` element)."""
    out = []
    for part in form.layout():
        f = part["field"]
        name = esc(f.name)
        if "bound" in part:
            out.append(
                f'\n  \n    <div data-applies="{name}">{field_html(part["bound"])}</div>\n  \n'
            )
        else:
            errors = part["errors"]
            out.append(
                f'\n  \n    <fieldset data-applies="{name}" id="field-{name}" '
                f'class="{"has-error" if errors else ""}"><legend>{esc(f.label)}</legend>\n      '
            )
            if f.help:
                out.append(f'<p class="muted">{esc(f.help[:1].upper() + f.help[1:])}</p>')
            out.append(f"\n      {errors if errors else ''}\n      ")
            for row in part["rows"]:
                out.append('<div class="item-row">')
                out.extend(field_html(bound) for bound in row)
                out.append("</div>")
            out.append("\n    </fieldset>\n  \n")
    out.append("\n")
    out.append(description_script)
    out.append("\n")
    return mark_safe("".join(out))
