from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = _("Combat")

    def ready(self) -> None:
        from . import signals  # noqa: F401  # connects the log-removal receivers
