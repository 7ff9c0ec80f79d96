"""Bug reports: when a command fails with anything but a rule's refusal, the table writes down how
to get there again, so a developer can replay it with `companion replay`.

    reports/<id>.jsonl   the game's table script up to the failing command, that command last
    reports/<id>.txt     what failed: the error, its traceback, the command and its source
"""

from __future__ import annotations

import json
import logging
import secrets
import time
import traceback
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def write_report(folder: Path, exc: BaseException, script: list[str],
                 command: dict[str, Any] | None, source: str) -> str:
    """Write a report and return its id; never raises (a report must not become a second bug)."""
    report = time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(3)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lines = list(script)
        if command is not None:
            lines.append(json.dumps(command, ensure_ascii=False, default=repr))
        (folder / f"{report}.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        details = [
            f"report {report}",
            f"source: {source or 'the table'}",
            f"command: {json.dumps(command, ensure_ascii=False, default=repr)}",
            f"script: {report}.jsonl ({len(lines)} lines; the failing command is the last)",
            "",
            *traceback.format_exception(type(exc), exc, exc.__traceback__),
        ]
        (folder / f"{report}.txt").write_text("\n".join(details), encoding="utf-8")
    except Exception:
        log.exception("could not write bug report %s", report)
    return report
