"""`{{ field|as_field }}`: crispy's field markup drawn in Python (combat.fieldhtml)."""

from django import template
from django.forms.boundfield import BoundField, BoundWidget
from django.utils.safestring import SafeString

from combat.fieldhtml import field_html, tick_box

register = template.Library()


@register.filter
def as_field(field: BoundField) -> SafeString:
    return field_html(field)


@register.filter
def tick(box: BoundWidget) -> SafeString:
    return tick_box(box)
