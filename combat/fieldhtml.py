"""A form field as crispy-bootstrap5's `as_crispy_field` draws it, built in Python.

crispy draws one field through ~10 nested templates (field.html, its includes, then Django's
widget templates option by option): on the encounter page that was about a fifth of the time
of the GM's page, and more with many targets. This draws the same elements, attributes, ids and
classes (checked against crispy by tests/combat/test_field_html.py with Django's HTML
comparison, which ignores whitespace and attribute order) for the widgets the encounter forms
use: select, text, number, a tick box, tick boxes of a multiple choice, hidden. Any other widget
is drawn by crispy itself.

Every text a user or a rule system wrote (labels, choices, values, errors) is escaped here; the
help texts are the forms' own (crispy marks them |safe too); so the results are marked safe.
"""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.forms.boundfield import BoundField
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe

# Widget class → the class crispy's CrispyFieldNode adds (its lower-cased name).
_INPUTS = (forms.TextInput, forms.NumberInput, forms.Select, forms.CheckboxInput)


def _attrs(attrs: Mapping[str, Any]) -> str:
    """As django/forms/widgets/attrs.html: `True` bare, `False` left out."""
    parts = []
    for name, value in attrs.items():
        if value is True:
            parts.append(f" {name}")
        elif value is not False:
            parts.append(f' {name}="{escape(value)}"')
    return "".join(parts)


def _widget_class(widget: forms.Widget, extra: str) -> str:
    """The class crispy leaves on the widget: its own, its lower-cased type, then `extra`."""
    name = widget.__class__.__name__.lower()
    css = widget.attrs.get("class", "")
    css = (css + f" {name}" if name not in css else css) if css else name
    for word in extra.split():
        if word not in css.split():
            css += " " + word
    return css


def _help_and_errors(field: BoundField) -> str:
    """help_text_and_errors.html: the errors block (<p>), then the help text."""
    html = ""
    if field.errors:
        html += _errors_block(field)
    if field.help_text:
        id_ = f'id="{field.auto_id}_helptext" ' if field.auto_id else ""
        html += f'<div {id_}class="form-text">{field.help_text}</div>'
    return html


def _errors_block(field: BoundField) -> str:
    errors = "".join(
        f'<p id="error_{n}_{field.auto_id}"><strong>{conditional_escape(str(error))}</strong></p>'
        for n, error in enumerate(field.errors, 1)
    )
    field_id = getattr(field.errors, "field_id", field.auto_id)  # Django sets it on the list
    return f'<div id="{field_id}_error" class="invalid-feedback">{errors}</div>'


def _label(field: BoundField, *, tag: str = "label", extra: str = "") -> str:
    required = field.field.required
    css = "form-label" + (" requiredField" if required else "") + extra
    star = '<span class="asteriskField">*</span>' if required else ""
    target = f' for="{field.id_for_label}"' if field.id_for_label else ""
    return f'<{tag}{target} class="{css}">{conditional_escape(field.label)}{star}</{tag}>'


def _widget(field: BoundField, css: str) -> str:
    """The widget as Django draws it with crispy's class, without Django's templates."""
    widget = field.field.widget
    attrs = field.build_widget_attrs({**widget.attrs, "class": css})
    if field.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", field.auto_id)
    value = field.value()
    name = field.html_name
    if isinstance(widget, forms.Select) and not isinstance(widget, forms.SelectMultiple):
        context = widget.get_context(name, value, attrs)["widget"]
        if any(group for group, _options, _index in context["optgroups"]):
            return str(field.as_widget(attrs={"class": css}))  # <optgroup>s: Django draws them
        options = [
            f'<option value="{escape(option["value"])}"{_attrs(option["attrs"])}>'
            f"{conditional_escape(option['label'])}</option>"
            for _group, group_options, _index in context["optgroups"]
            for option in group_options
        ]
        return f'<select name="{name}"{_attrs(context["attrs"])}>{"".join(options)}</select>'
    if isinstance(widget, forms.CheckboxInput):
        context = widget.get_context(name, value, attrs)["widget"]
        return f'<input type="checkbox" name="{name}"{_attrs(context["attrs"])}>'
    context = widget.get_context(name, value, attrs)["widget"]
    shown = f' value="{escape(context["value"])}"' if context["value"] is not None else ""
    return f'<input type="{context["type"]}" name="{name}"{shown}{_attrs(context["attrs"])}>'


def _hidden(field: BoundField) -> str:
    """As Django draws a HiddenInput (input.html): type, name, value, then the attributes."""
    widget = field.field.widget
    attrs = field.build_widget_attrs(dict(widget.attrs))
    if field.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", field.auto_id)
    value = widget.format_value(field.value())
    shown = f' value="{escape(value)}"' if value is not None else ""
    return f'<input type="hidden" name="{field.html_name}"{shown}{_attrs(attrs)}>'


def _choices(field: BoundField) -> str:
    """radio_checkbox_select.html: one form-check per choice, the errors after the last."""
    invalid = " is-invalid" if field.errors else ""
    rows = []
    widget = field.field.widget
    id_ = widget.attrs.get("id") or field.auto_id  # as crispy's `optgroups` filter
    attrs = field.build_widget_attrs({"id": id_} if id_ else {})
    groups = widget.optgroups(field.html_name, widget.format_value(field.value()), attrs)
    for position, (group, options, _index) in enumerate(groups):
        if group:
            rows.append(f"<strong>{conditional_escape(group)}</strong>")
        for number, option in enumerate(options):
            errors = ""
            if field.errors and number == len(options) - 1 and position == len(groups) - 1:
                errors = _errors_block(field)
            rows.append(
                f'<div class="form-check"><input type="{option["type"]}" '
                f'class="form-check-input{invalid}" name="{field.html_name}" '
                f'value="{escape(option["value"])}"{_attrs(option["attrs"])}>'
                f'<label for="{escape(option["attrs"].get("id", ""))}" class="form-check-label">'
                f"{conditional_escape(option['label'])}</label>{errors}</div>"
            )
    help_text = ""
    if field.help_text:
        id_ = f'id="{field.auto_id}_helptext" ' if field.auto_id else ""
        help_text = f'<div {id_}class="form-text">{field.help_text}</div>'
    return f"<div>{''.join(rows)}</div>{help_text}"


def field_html(field: BoundField) -> SafeString:
    """One bound field as `{{ field|as_crispy_field }}` draws it (bootstrap5 pack)."""
    widget = field.field.widget
    if isinstance(widget, forms.HiddenInput) and not isinstance(widget, forms.MultipleHiddenInput):
        return mark_safe(_hidden(field))  # noqa: S308
    if widget.is_hidden:
        return mark_safe(str(field))  # noqa: S308
    if isinstance(widget, forms.CheckboxSelectMultiple):
        css = f" {field.css_classes()}" if field.css_classes() else ""
        described = field.aria_describedby
        describedby = f' aria-describedby="{described}"' if described else ""
        if field.label:
            legend = _label(field, tag="legend", extra=" fs-6")
            return mark_safe(  # noqa: S308
                f'<div id="div_{field.auto_id}" class="mb-3{css}"><fieldset{describedby}>'
                f"{legend}{_choices(field)}</fieldset></div>"
            )
        return mark_safe(f'<div id="div_{field.auto_id}" class="mb-3{css}">{_choices(field)}</div>')  # noqa: S308
    if not isinstance(widget, _INPUTS) or isinstance(widget, forms.SelectMultiple):
        from crispy_forms.templatetags.crispy_forms_filters import (  # type: ignore[import-untyped]
            as_crispy_field,
        )

        return as_crispy_field(field)  # type: ignore[no-any-return]
    invalid = " is-invalid" if field.errors else ""
    css = f" {field.css_classes()}" if field.css_classes() else ""
    if isinstance(widget, forms.CheckboxInput):
        required = field.field.required
        star = '<span class="asteriskField">*</span>' if required else ""
        label = (
            f'<label for="{field.id_for_label}" class="form-check-label'
            f'{" requiredField" if required else ""}">{conditional_escape(field.label)}{star}'
            "</label>"
        )
        box = _widget(field, _widget_class(widget, "form-check-input" + invalid))
        return mark_safe(  # noqa: S308
            f'<div class="mb-3"><div id="div_{field.auto_id}" class="form-check{css}">'
            f"{box}{label}{_help_and_errors(field)}</div></div>"
        )
    extra = ("form-select" if isinstance(widget, forms.Select) else "form-control") + invalid
    label = _label(field) if field.label else ""
    drawn = _widget(field, _widget_class(widget, extra))
    return mark_safe(  # noqa: S308
        f'<div id="div_{field.auto_id}" class="mb-3{css}">{label}{drawn}'
        f"{_help_and_errors(field)}</div>"
    )


def tick_rows(field: BoundField, kinds_of: Mapping[str, list[str]]) -> SafeString:
    """The tick boxes of a multiple choice, each in its form-check with the kinds of action it
    belongs to: what Django draws box by box (`{{ box.tag }}`), read from the choices at once."""
    widget = field.field.widget
    chosen = {str(value) for value in widget.format_value(field.value())}
    first_id = widget.attrs.get("id") or field.auto_id
    attrs = {**widget.attrs, **field.build_widget_attrs({"id": first_id} if first_id else {})}
    rows = []
    choices: Any = getattr(field.field, "choices", ())  # a ChoiceField's
    for index, (value, label) in enumerate(choices):
        box = {**attrs, "id": f"{first_id}_{index}"} if first_id else dict(attrs)
        if str(value) in chosen:
            box["checked"] = True
        kinds = escape(" ".join(kinds_of.get(str(value), [])))
        rows.append(
            f'<div class="form-check" data-kinds="{kinds}"><input type="checkbox" '
            f'name="{field.html_name}" value="{escape(value)}"{_attrs(box)}> '
            f'<label class="form-check-label" for="{box.get("id", "")}">'
            f"{conditional_escape(label)}</label></div>"
        )
    return mark_safe("".join(rows))  # noqa: S308
