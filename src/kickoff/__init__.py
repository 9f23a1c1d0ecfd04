"""kickoff: a rules engine and analysis toolkit for the Blood Bowl kick-off.

Four rulesets (``classic``, ``bb2020``, ``bb2025``, ``sevens``) and the ``kick_it`` house rule.
The rules core is :mod:`kickoff.core`; scenario files are :mod:`kickoff.formats.scenario`.
"""

__version__ = "0.1.0"
