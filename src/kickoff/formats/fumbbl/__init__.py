"""FUMBBL's formats: client set-ups, and replays read into kick-offs the engine replays.

Its parts (``docs/fumbbl.md``): the client set-up files (``setup``); a replay's log and report
shapes (``log``), names, D8 and player states (``names``), rosters and skills (``game``), the
model changes (``tracker``); a kick-off recovered (``kickoff``), its kick-off move
(``kickoff_move``), its free turn (``free_turn``), an apothecary's rolls (``apothecary``), the
players a prayer chose (``prayers``); the golden case written (``case``), the comparison with
the engine (``compare``), the downloads (``fetch``) and the entry points (``replay``).
"""
