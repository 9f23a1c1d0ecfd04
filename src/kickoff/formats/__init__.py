"""Files in and out: the scenario format, team and set-up files, FUMBBL and botbowl.

The package itself holds only names that a command line option needs before any reader is
imported (start-up, issue 16); each format is a module of its own.
"""

from typing import Literal

#: The two serialisations of a FUMBBL client set-up (:mod:`kickoff.formats.fumbbl.setup`):
#: ``kickoff setup export --format``.
FumbblFormat = Literal["xml", "json"]
