from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = _("Campaigns")

    def ready(self) -> None:
        # The models are loaded only now; apps built on campaigns register their parts in their
        # own ready (combat.apps), after this one (INSTALLED_APPS order).
        from .log_triggers import register_log, restore_log_triggers
        from .models import JournalRoll, JournalRollVoid, PostRevision

        for log in (JournalRoll, JournalRollVoid, PostRevision):
            register_log(log, parent="campaign")  # a deleted campaign takes its journal along
        post_migrate.connect(restore_log_triggers, sender=self)
