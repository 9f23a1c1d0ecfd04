"""The set-up advisor: where should the receiving team stand (``kickoff setup optimize``).

Its parts: the search (``search``: ``setup_value``, ``optimize_setup``), the evaluation of a
set-up, fresh or incremental (``evaluate``), the moves between legal set-ups (``moves``), the
coach's tie-break among equally good set-ups (``prefer``) and the value per Kick-off event
(``events``).
"""
