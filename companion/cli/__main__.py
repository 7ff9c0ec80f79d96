"""`python -m companion.cli`."""

import sys

from . import main

sys.exit(main())
