from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CombatConfig(AppConfig):
    name = "combat"
    verbose_name = _("Combat")

    def ready(self) -> None:
        # Only now are the models loaded. campaigns owns the log triggers and restores them after
        # every migrate (campaigns.apps); combat registers its logs with them here.
        from . import (
            campaign_parts,
            push,  # noqa: F401  (publishes each commit's version for server-sent events)
            signals,  # noqa: F401  (connects the log-removal receivers)
        )

        campaign_parts.register()
