"""Forms for a campaign's records on the table pages: GMs change all, owners what they may."""

import re
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.forms import CheckboxSelectMultiple, ModelMultipleChoiceField

from .models import Armor, Campaign, Character, Weapon
from .statforms import StatsModelForm

ID = re.compile(r"[0-9]{1,18}")


class ItemsField(ModelMultipleChoiceField):  # type: ignore[type-arg]
    """Ids a database can hold: SQLite raised OverflowError (a 500) on a posted 2**63, since
    Django checks an `__in` list against the database (tests/reliability/test_input_fuzz.py)."""

    def _check_values(self, value: Any) -> Any:
        for pk in value:
            if not ID.fullmatch(str(pk)):
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)


class CharacterGMForm(StatsModelForm):
    class Meta:
        model = Character
        fields = ["name", "kind", "owner", "weapons", "armor", "portrait", "notes"]
        widgets = {"weapons": CheckboxSelectMultiple, "armor": CheckboxSelectMultiple}
        field_classes = {"weapons": ItemsField, "armor": ItemsField}

    def limit_to(self, campaign: Campaign) -> None:
        users = get_user_model().objects.filter(memberships__campaign=campaign)
        self.fields["owner"].queryset = users.order_by("username")  # type: ignore[attr-defined]
        usable = Q(campaign=campaign) | Q(campaign__isnull=True, system=campaign.system)
        self.fields["weapons"].queryset = Weapon.objects.filter(usable)  # type: ignore[attr-defined]
        self.fields["armor"].queryset = Armor.objects.filter(usable)  # type: ignore[attr-defined]


class CharacterPlayerForm(StatsModelForm):
    """The owning player: the name, the portrait and the stats marked player_editable."""

    class Meta:
        model = Character
        fields = ["name", "portrait"]

    def limit_to(self, campaign: Campaign) -> None:
        pass


def character_form_class(character: Character, *, gm: bool) -> type[Any]:
    schema = character.schema
    fields = schema.visible_fields(npc=character.is_npc)
    if gm:
        return CharacterGMForm.with_stats(schema, [f.name for f in fields])
    return CharacterPlayerForm.with_stats(schema, [f.name for f in fields if f.player_editable])
