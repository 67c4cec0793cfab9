"""The combat app's views, one module per page or concern: the encounter page and its board
(page), the panel's posts (actions), the action's odds (odds), the GM's simulation (simulate)
and the campaign's quick roll (rolls). Each view is thin: scope, read, call one workflow,
render; the read model is combat.presenter and combat.panel, the writes combat.submit."""
