"""The action engine: player activations during the free turns (Blitz!, Charge!) and the Kick It!
Kick action (``scenario-format.md``, "Actions"; ``rulings.md`` sections 7 and 8).

The activations themselves are values of :mod:`kickoff.core.decisions`. The rules:
:mod:`~kickoff.core.actions.turn` (a team turn and its activations),
:mod:`~kickoff.core.actions.free_turn` (the kick-off's free turns),
:mod:`~kickoff.core.actions.move`, :mod:`~kickoff.core.actions.block`,
:mod:`~kickoff.core.actions.throw`, :mod:`~kickoff.core.actions.kick` (the Kick It! Kick action),
:mod:`~kickoff.core.actions.kickoff_move`, :mod:`~kickoff.core.actions.injury` (armour and
injury) and :mod:`~kickoff.core.actions.policy` (the coach's opt-in free-turn policy); the tests
of a player and their re-rolls are :mod:`kickoff.core.rolls`, below the ball and the actions.
"""
