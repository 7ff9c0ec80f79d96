"""The dashboard's server side: the Flask app, its JSON API and the live stream.

It talks to the table controller (companion.table), never to a device: of companion.hardware it
uses only the tag registry and the enrolment's steps (`hardware.tags`, `hardware.enroll`: what a
tag means, not a reader), for the banker's Tags section; the simulated table's buttons reach the
simulated devices through a `Simulator` the daemon hands in. (tests/test_doc_claims.py checks it.)
"""

from .app import create_app
from .auth import BankerPin
from .context import Context, Simulator
from .events import Broker

__all__ = ["BankerPin", "Broker", "Context", "Simulator", "create_app"]
