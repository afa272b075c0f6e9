"""`python -m goboard`: the same command as `goboard`."""

import sys

from goboard.cli import main

sys.exit(main())
