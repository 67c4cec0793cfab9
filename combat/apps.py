from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = _("Combat")

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from . import signals  # connects the log-removal receivers

        post_migrate.connect(signals.restore_log_triggers, sender=self)
