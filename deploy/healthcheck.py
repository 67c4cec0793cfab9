"""The container's health check (the Dockerfile's HEALTHCHECK, compose.yaml): `GET /healthz`
from inside the container, which answers `ok` without touching the database (docs/deploy.md).

The request names a host the app accepts (the first of `ALLOWED_HOSTS`, else `localhost`:
Django refuses any other with a 400) and says it came over HTTPS, as the proxy would, so that
`HTTPS=1` does not redirect it. Exit status 0 is healthy, 1 is not. Standard library only.
"""

import os
import sys
import urllib.request


def host() -> str:
    allowed = [name.strip() for name in os.environ.get("ALLOWED_HOSTS", "").split(",")]
    return next((name.lstrip(".") for name in allowed if name and name != "*"), "localhost")


def main() -> int:
    url = "http://127.0.0.1:8000/healthz"  # the Dockerfile's bind
    request = urllib.request.Request(url, headers={"Host": host(), "X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=3) as answer:  # noqa: S310  (loopback)
            return 0 if answer.read() == b"ok" else 1
    except OSError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
