"""Gunicorn settings (issue K: no request holds a worker for long).

Use it with ``gunicorn -c config/gunicorn.conf.py config.wsgi`` (``-w``/``-b`` on the command
line still win). Every request's work is bounded in the application itself (the odds, dice and
simulation budgets in ``combat.rules.budget`` and ``combat.views.simulate``: about a second at
most); these are the process's own last lines behind them.
"""

import os

# A sync worker silent for this long is killed and replaced: far above any budgeted request
# (the simulation plays 2 s at most), far below gunicorn's default of 30 s.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "10"))
graceful_timeout = 10
# Recycle workers now and then, so caches (parsed dice, exact odds, icepool's own) cannot grow
# without bound in a long-lived process.
max_requests = 2000
max_requests_jitter = 200
# Requests are small: the longest legitimate line is a URL with a short query.
limit_request_line = 4094
limit_request_fields = 100
