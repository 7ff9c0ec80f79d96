"""The durable ledger: every command and every pound of every game, stored before it is told.

It may import the rules; nothing of the hardware or the web.
"""

from .clock import Clock
from .errors import (
    ClockRefused,
    FolderLocked,
    GameDamaged,
    GameFromAnotherTable,
    GameNotFound,
    GameUnsealed,
    LedgerError,
    SignatureAltered,
    StorageError,
    StorageFull,
    StorageReadOnly,
)
from .folder import DataFolder, default_data_dir
from .game_list import GameInfo
from .key import TableKey
from .store import SOURCES, GameStore, Receipt

__all__ = [
    "SOURCES", "Clock", "ClockRefused", "DataFolder", "FolderLocked", "GameDamaged",
    "GameFromAnotherTable", "GameInfo", "GameNotFound", "GameStore", "GameUnsealed", "LedgerError",
    "Receipt", "SignatureAltered", "StorageError", "StorageFull", "StorageReadOnly", "TableKey",
    "default_data_dir",
]
