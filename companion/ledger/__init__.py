"""The durable ledger: every command and every pound of every game, stored before it is told.

It may import the rules; nothing of the hardware or the web.
"""

from .clock import Clock
from .errors import (
    FolderLocked,
    GameDamaged,
    GameNotFound,
    LedgerError,
    StorageError,
    StorageFull,
    StorageReadOnly,
)
from .folder import DataFolder, GameInfo, default_data_dir
from .store import SOURCES, GameStore, Receipt

__all__ = [
    "SOURCES", "Clock", "DataFolder", "FolderLocked", "GameDamaged", "GameInfo", "GameNotFound",
    "GameStore", "LedgerError", "Receipt", "StorageError", "StorageFull", "StorageReadOnly",
    "default_data_dir",
]
