"""The rules core: pitch, dice, state, rulesets, set-up checks and the kick-off procedure."""
