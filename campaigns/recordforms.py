"""Forms for a campaign's records on the table pages: GMs change all, owners what they may."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.forms import CheckboxSelectMultiple

from .models import Armor, Campaign, Character, Weapon
from .statforms import StatsModelForm


class CharacterGMForm(StatsModelForm):
    class Meta:
        model = Character
        fields = ["name", "kind", "owner", "weapons", "armor", "portrait", "notes"]
        widgets = {"weapons": CheckboxSelectMultiple, "armor": CheckboxSelectMultiple}

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
