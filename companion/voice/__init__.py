"""The table speaks: one short sentence for each moment that matters at a table (whose turn, the
roll and the square, a purchase, rent, a card, jail, an auction, a debt, a bankruptcy, the winner),
said by the Pi's speaker and by any screen that switches its voice on.

- `moments.py` reads what the engine told (an Outcome's story) into plain moments: pure.
- `planner.py` turns a burst of moments into at most one sentence at a time, the newest and most
  important first, and drops what an undo took back: pure, time is an input.
- `words.py` words a moment in a language from the Fluent messages `en.ftl` and `ru.ftl` here.
- `espeak.py` renders a sentence with espeak-ng (to the speaker, or to a WAV in simulated mode).
- `process.py` is the voice's own process, at low priority: it plans, words and says.
- `runtime.py` is the part in the daemon: the table's listener, which hands each stored command's
  moments on without waiting (`handoff.py`), and the process kept running (started again if it
  stops or hangs); `settings.py` is [voice] as both read it, `start.py` starts it from [voice];
  `doctor.py` is `companion doctor`'s look at the speaker.

Imports the engine (for its values' names) and nothing of the table's or the web's.
"""
