"""Forms for a campaign's records on the table pages: GMs change all, owners what they may."""

import re
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Count, Q, QuerySet
from django.forms import (
    BaseForm,
    CharField,
    CheckboxSelectMultiple,
    HiddenInput,
    ModelChoiceField,
    ModelMultipleChoiceField,
)
from django.utils.translation import pgettext

from .models import Armor, Campaign, Character, Weapon
from .models.records import LibraryRecord
from .statforms import StatsModelForm

ID = re.compile(r"[0-9]{1,18}")


def offer(form: BaseForm, name: str, queryset: QuerySet[Any]) -> None:
    """Let the form's choice of related rows `name` pick only from `queryset`."""
    field = form.fields[name]
    assert isinstance(field, ModelChoiceField)  # a foreign key's or a many-to-many's field
    field.queryset = queryset


class ItemsField(ModelMultipleChoiceField):  # type: ignore[type-arg]
    """Ids a database can hold: SQLite raised OverflowError (a 500) on a posted 2**63, since
    Django checks an `__in` list against the database (tests/reliability/test_input_fuzz.py).
    A name the campaign and the shared library both hold says which is which."""

    twice: frozenset[str] = frozenset()

    def label_from_instance(self, obj: Any) -> str:
        name = super().label_from_instance(obj)
        if name not in self.twice:
            return name
        shared = obj.campaign_id is None
        where = pgettext("kept in", "library") if shared else pgettext("kept in", "campaign")
        return f"{name} ({where})"

    def _check_values(self, value: Any) -> Any:
        for pk in value:
            if not ID.fullmatch(str(pk)):
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        # django-stubs does not declare this private hook of ModelMultipleChoiceField.
        return super()._check_values(value)  # type: ignore[misc]


class CharacterForm(StatsModelForm):
    """What the character pages use of either form."""

    def limit_to(self, campaign: Campaign) -> None:
        """Offer only what belongs to the campaign."""


class CharacterGMForm(CharacterForm):
    class Meta:
        model = Character
        fields = ["name", "kind", "owner", "weapons", "armor", "portrait", "notes"]
        widgets = {"weapons": CheckboxSelectMultiple, "armor": CheckboxSelectMultiple}
        field_classes = {"weapons": ItemsField, "armor": ItemsField}

    def limit_to(self, campaign: Campaign) -> None:
        users = get_user_model().objects.filter(memberships__campaign=campaign)
        offer(self, "owner", users.order_by("username"))
        usable = Q(campaign=campaign) | Q(campaign__isnull=True, system=campaign.system)
        for name, model in (("weapons", Weapon), ("armor", Armor)):
            items = model.objects.filter(usable)
            offer(self, name, items)
            field = self.fields[name]
            if isinstance(field, ItemsField):
                named = items.order_by().values("name").annotate(n=Count("pk")).filter(n__gt=1)
                field.twice = frozenset(named.values_list("name", flat=True))


class CharacterPlayerForm(CharacterForm):
    """The owning player: the name, the portrait and the stats marked player_editable."""

    class Meta:
        model = Character
        fields = ["name", "portrait"]


def character_form_class(character: Character, *, gm: bool) -> type[CharacterForm]:
    schema = character.schema
    fields = schema.visible_fields(npc=character.is_npc)
    if gm:
        return CharacterGMForm.with_stats(schema, [f.name for f in fields])
    return CharacterPlayerForm.with_stats(schema, [f.name for f in fields if f.player_editable])


class LibraryRecordForm(StatsModelForm):
    """A campaign's own monster, weapon or armour as its GM writes it in the app (the admin
    stays the full editor): the name, the notes and every stat of the system's schema. `seen`
    carries the version of the record the form was opened on (its last save's time)."""

    fields_edited = ("name", "notes")
    seen = CharField(required=False, widget=HiddenInput, max_length=40)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["seen"].initial = version_of(self.instance)


def version_of(record: LibraryRecord) -> str:
    return record.updated_at.isoformat()


def record_form_class(record: LibraryRecord) -> type[LibraryRecordForm]:
    model = type(record)
    meta = type("Meta", (), {"model": model, "fields": list(LibraryRecordForm.fields_edited)})
    form = type(f"{model.__name__}Form", (LibraryRecordForm,), {"Meta": meta})
    names = [f.name for f in record.schema.visible_fields(npc=True)]
    return cast(type[LibraryRecordForm], form).with_stats(record.schema, names)
