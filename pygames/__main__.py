"""``python -m pygames``: the command line (see :mod:`pygames.cli`)."""

from .cli import main

raise SystemExit(main())
