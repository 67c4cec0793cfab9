"""Django's makemessages, also reading the rules' labels: `Label("ose", "AC (Armour Class)")` (and
its short name `L`) is a msgid under a context, as `pgettext` is (combat.rules.fields.Label)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=Label:1c,2",
        "--keyword=L:1c,2",
    ]
