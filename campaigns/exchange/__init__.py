"""One JSON document holds a whole campaign; the format is described in docs/campaign-format.md.

`export_campaign` reads a campaign into plain JSON data; `import_campaign` checks such data
completely and creates a new campaign from it in one transaction, so a bad file leaves the
database as it was. Records are checked by the same model validation as the admin (the rule
system's stat schema included); every problem is one CampaignFormatError naming where it is.
"""

from .common import FORMAT, VERSION, CampaignFormatError
from .export import export_campaign
from .importing import import_campaign

__all__ = ["FORMAT", "VERSION", "CampaignFormatError", "export_campaign", "import_campaign"]
