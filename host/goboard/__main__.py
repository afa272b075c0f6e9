import sys

from goboard.cli import main

sys.exit(main())
