"""Win chances as they stand for the players still in: a figure worked out before someone went
bankrupt still names them, and a bar at 38 % for a player who is out is simply wrong. The moment
the table says a player is out, their share is dropped and the others' rescaled, which is the
chance each had of winning given that the gone did not win (P(i) / P(nobody gone wins)); the next
figure worked out from the new position replaces it."""

from __future__ import annotations

from typing import Any


def still_in(point: dict[str, Any], players_in: list[str]) -> dict[str, Any]:
    """The point for the players still in; `"gone"` lists whom it dropped (empty: unchanged)."""
    chances: dict[str, float] = point.get("chances") or {}
    gone = [name for name in chances if name not in players_in]
    if not gone:
        return {**point, "gone": []}
    kept = {name: p for name, p in chances.items() if name in players_in}
    total = sum(kept.values())
    scale = 1 / total if total > 0 else 0.0
    out = {**point, "gone": gone}
    if total > 0:
        out["chances"] = {name: round(p * scale, 4) for name, p in kept.items()}
    else:  # the gone held every chance: nothing is known of the others yet
        out["chances"] = {name: round(1 / len(kept), 4) for name in kept} if kept else {}
    interval = point.get("interval") or {}
    out["interval"] = {name: [round(min(1.0, lo * scale), 4), round(min(1.0, hi * scale), 4)]
                       for name, (lo, hi) in interval.items() if name in kept} if total > 0 else {}
    out["net_worth"] = {k: v for k, v in (point.get("net_worth") or {}).items() if k in players_in}
    return out


def players_in(state: dict[str, Any] | None) -> list[str]:
    return [p["name"] for p in (state or {}).get("players", []) if not p.get("bankrupt")]

