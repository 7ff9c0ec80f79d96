"""[voice] as the voice reads it, and as plain data for the voice's own process (process.py),
which is handed it at its start."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .espeak import Speech
from .moments import SAID
from .planner import LONGEST, SETTLE


@dataclass(frozen=True)
class VoiceSettings:
    """How the table speaks (companion.config.VoiceConfig gives it; start.py reads it)."""

    enabled: bool = True  # the Pi's own speaker (screens switch their own voice on themselves)
    speech: Speech = Speech()
    moments: tuple[str, ...] = SAID
    settle: float = SETTLE  # seconds a burst gathers without news before it is said
    longest: float = LONGEST  # ... and at most, while news keeps coming

    def to_json(self) -> dict[str, Any]:
        return {"enabled": self.enabled, "speech": asdict(self.speech), "moments": list(self.moments),
                "settle": self.settle, "longest": self.longest}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VoiceSettings:
        return cls(enabled=bool(data["enabled"]), speech=Speech(**data["speech"]),
                   moments=tuple(data["moments"]), settle=float(data["settle"]),
                   longest=float(data["longest"]))
