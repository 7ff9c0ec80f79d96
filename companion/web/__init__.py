"""The dashboard's server side: the Flask app, its JSON API and the live stream.

It talks to the table controller (companion.table), never to the devices; the simulated table's
buttons reach the simulated devices through a `Simulator` the daemon hands in.
"""

from .app import create_app
from .auth import BankerPin
from .context import Context, Simulator
from .events import Broker

__all__ = ["BankerPin", "Broker", "Context", "Simulator", "create_app"]
