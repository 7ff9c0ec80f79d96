"""Computer players: they drive complete games through the same commands as people."""

from .player import BotPolicy, Bots

__all__ = ["BotPolicy", "Bots"]
