"""`{{ field|as_field }}`: crispy's field markup drawn in Python (combat.fieldhtml)."""

from django import template
from django.forms.boundfield import BoundField
from django.utils.safestring import SafeString

from combat.encounter_forms import ActionForm
from combat.fieldhtml import field_html, tick_rows

register = template.Library()


@register.filter
def as_field(field: BoundField) -> SafeString:
    return field_html(field)


@register.filter
def ticks(form: ActionForm) -> SafeString:
    return tick_rows(form["modifiers"], form.kinds_of)
