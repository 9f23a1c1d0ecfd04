"""A Block (as the end of a Blitz): strength and assists, block dice, the five results, pushes,
follow-up, and the skills that change them.

Sources (classic: LRB6 / CRP; bb2020 / bb2025 / Sevens: the bb2020 rulebook, FUMBBL's
implementation where the text leaves room; ``docs/actions.md``):

- Strength: each player's ST plus assists. An offensive assist is a Standing team-mate of the
  attacker adjacent to the defender and in no opposing tackle zone but the defender's (Guard:
  in any); a defensive assist likewise around the attacker.
- Block dice: equal strength one die; stronger two (more than twice as strong: three), chosen by
  the stronger player's coach (the attacker's when equal).
- Results: Attacker Down (skull); Both Down (Block keeps a player up; Wrestle places both Prone
  with no armour roll and no turnover; Juggernaut on a Blitz may make it a Push); Push; Defender
  Stumbles (Knocked Down unless he has Dodge and the attacker lacks Tackle); Defender Down.
- Push-back: into one of the three squares away from the attacker: an empty one if any; else
  into the crowd if one of them is off the pitch; else an occupied one, whose player is pushed on
  (chain push). Stand Firm: not pushed (Juggernaut on a Blitz cancels it, and Wrestle).
- The crowd: injury with no armour roll; Stunned goes to the Reserves. Follow-up: the attacker
  may step into the square the defender left (Frenzy: must, and blocks again after a Push while
  both stand, paying one more square of movement on a Blitz).
- Knocked Down: Prone, armour roll (Mighty Blow +1 to armour or injury); the player performing
  the Block's Mighty Blow counts (classic: the defender's too when he knocks the attacker down).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kickoff.core import ball
from kickoff.core.actions.injury import armour_and_injury, injury
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import BlockChoice
from kickoff.core.dice import BLOCK_FACES
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square, distance
from kickoff.core.problems import Problem
from kickoff.core.rolls import (
    Turn,
    spend_team_reroll,
    square_text,
    team_reroll_available,
    where_of,
    why_no_team_reroll,
)
from kickoff.core.state import LOST_TACKLE_ZONE, GameState, Player, tackle_zones

#: The attacker's order of preference among faces that leave the same outcome.
_FACE_ORDER = ("pow", "stumble", "push", "both_down", "skull")


@dataclass(frozen=True)
class BlockResult:
    """What a block did: the face applied, who went down, whether the defender was pushed and
    is still Standing next to the attacker (a Frenzy second block's condition)."""

    face: str
    attacker_down: bool
    defender_down: bool
    pushed: bool
    defender_standing: bool


def assists(ctx: KickoffContext, helper_side_players: list[Player], target: Player,
            blocker: Player) -> int:
    """Assists for the side of ``helper_side_players`` against ``target``: Standing players of
    that side adjacent to ``target`` (not ``blocker``), in no tackle zone of ``target``'s side
    except ``target``'s own, or with Guard."""
    st = ctx.state
    assert target.square is not None
    n = 0
    for p in helper_side_players:
        if p.id == blocker.id or not p.standing or p.square is None:
            continue
        if LOST_TACKLE_ZONE in p.effects:  # no tackle zone: no assist (a failed Bone-head)
            continue
        if distance(p.square, target.square) != 1:
            continue
        if "guard" in p.skills:
            n += 1
            continue
        others = [q for q in tackle_zones(st, p.square, p.side) if q.id != target.id]
        if not others:
            n += 1
    return n


def strengths(ctx: KickoffContext, attacker: Player, defender: Player,
              blitz: bool = False) -> tuple[int, int]:
    """``(attacker's, defender's)`` strength with assists; on a Blitz the attacker's
    ``ActionRules.blitz_strength`` skills add theirs (Horns +1)."""
    st = ctx.state
    att = attacker.st + assists(ctx, st.teams[attacker.side].players, defender, attacker)
    if blitz:
        att += sum(bonus for skill, bonus in ctx.ruleset.actions.blitz_strength.items()
                   if skill in attacker.skills)
    dfn = defender.st + assists(ctx, st.teams[defender.side].players, attacker, defender)
    return att, dfn


def dice_count(att: int, dfn: int) -> tuple[int, bool]:
    """``(number of block dice, attacker chooses)``."""
    if att == dfn:
        return 1, True
    strong, weak = max(att, dfn), min(att, dfn)
    return (3 if strong > 2 * weak else 2), att > dfn


class _Block:
    """One block being resolved (the choices and what follows)."""

    def __init__(self, ctx: KickoffContext, turn: Turn, attacker: Player, defender: Player,
                 choice: BlockChoice, where: str, blitz: bool, key: str = ".block") -> None:
        self.ctx = ctx
        #: the key path of this block's choices in its activation (``.block``, a Frenzy second
        #: block's ``.block.frenzy``)
        self.key = key
        self.turn = turn
        self.attacker = attacker
        self.defender = defender
        self.choice = choice
        self.where = where
        self.blitz = blitz
        # Juggernaut on a Blitz cancels the defender's Stand Firm and Wrestle.
        self.juggernaut = blitz and "juggernaut" in attacker.skills

    # -- what a face would do, under the default choices ----------------------------------------
    def outcome(self, face: str) -> tuple[float, float]:
        """``(attacker down, defender down)`` for ``face`` (Wrestle's Placed Prone counts half)."""
        a, d = self.attacker, self.defender
        if face == "skull":
            return 1.0, 0.0
        if face == "both_down":
            if self._juggernaut_push():
                return 0.0, 0.0
            if self._wrestle() is not None:
                return 0.5, 0.5
            return float("block" not in a.skills), float("block" not in d.skills)
        if face == "stumble":
            return 0.0, float(not self._dodges())
        if face == "pow":
            return 0.0, 1.0
        return 0.0, 0.0

    def _dodges(self) -> bool:
        return "dodge" in self.defender.skills and "tackle" not in self.attacker.skills

    def _juggernaut_push(self) -> bool:
        """Default: Juggernaut makes Both Down a Push when the attacker would go down."""
        return self.juggernaut and "block" not in self.attacker.skills

    def _wrestle(self) -> Player | None:
        """Who uses Wrestle on Both Down (default: a player with it who would otherwise be
        Knocked Down, the attacker first); Juggernaut on a Blitz cancels the defender's."""
        a, d = self.attacker, self.defender
        if "wrestle" in a.skills and "block" not in a.skills:
            return a
        if "wrestle" in d.skills and "block" not in d.skills and not self.juggernaut:
            return d
        return None

    def default_face(self, faces: list[str], attacker_chooses: bool) -> str:
        """The chooser's best face of ``faces`` by the default policy (docs/actions.md)."""

        def score(face: str) -> tuple[float, int]:
            a_down, d_down = self.outcome(face)
            if attacker_chooses:
                return 2 * d_down - 3 * a_down, -_FACE_ORDER.index(face)
            return 2 * a_down - 3 * d_down, _FACE_ORDER.index(face)

        return max(faces, key=score)

    def choose_face(self, faces: list[str], attacker_chooses: bool) -> str:
        """The face applied, a ``block_face`` decision (``ctx.decide``) of the chooser's coach
        (the attacker's when ``attacker_chooses``, else the defender's): the faces rolled, each
        once in the order rolled; default :meth:`default_face`; scripted by the activation's
        ``block.choose``. Refused: a face that was not rolled."""
        given = self.choice.choose
        default = self.default_face(faces, attacker_chooses)
        if self.ctx.plain and given is None:
            return default
        where = f"{self.where}{self.key}.choose"
        a = self.attacker

        def refuse(face: object) -> Problem | None:
            if face in faces:
                return None
            return Problem(f"{face!r} was not rolled (block dice: {', '.join(faces)})", where,
                           (a.id,), () if a.square is None else (Square(*a.square),),
                           "illegal_choice")

        chooser = a if attacker_chooses else self.defender
        return str(self.ctx.decide(Decision(
            "block_face", chooser.side, where, default, lambda: tuple(dict.fromkeys(faces)),
            refuse, given, given is not None, tuple(faces))))

    def wants_reroll(self, faces: list[str]) -> bool:
        """Whether the attacker's coach re-rolls the block dice ``faces``, a ``block_reroll``
        decision: ``False`` and, where a team re-roll can be used (:meth:`team_reroll`),
        ``"team"``; default ``False``; scripted by the activation's ``block.reroll``. (No skill
        re-rolls block dice in the engine: Pro and Brawler are not played.)"""
        given = self.choice.reroll
        if self.ctx.plain and given is None:
            return False
        ctx, a = self.ctx, self.attacker
        can = team_reroll_available(ctx, self.turn)
        place = where_of(self.where, a).then(f"{self.key}.reroll")

        def refuse(answer: object) -> Problem | None:
            if answer is False or (answer == "team" and can):
                return None
            if answer == "team":
                return place.problem("no team re-roll can be used for the block dice "
                                     + why_no_team_reroll(ctx, self.turn))
            return place.problem(f"{answer!r} is not a re-roll of the block dice (team)")

        answer = ctx.decide(Decision("block_reroll", a.side, place.where(), False,
                                     lambda: (False, "team") if can else (False,), refuse,
                                     given, given is not None, tuple(faces)))
        return bool(answer == "team")

    # -- resolving -------------------------------------------------------------------------------
    def resolve(self) -> BlockResult:
        ctx = self.ctx
        att, dfn = strengths(ctx, self.attacker, self.defender, self.blitz)
        n, attacker_chooses = dice_count(att, dfn)
        faces = self.roll_faces(n, "block")
        if self.wants_reroll(faces) and self.team_reroll():
            faces = self.roll_faces(n, "team re-roll of the block")
        face = self.choose_face(faces, attacker_chooses)
        ctx.note("block", attacker=self.attacker.id, defender=self.defender.id,
                 strength=[att, dfn], dice=faces, chosen=face,
                 chooser="attacker" if attacker_chooses else "defender")
        if face == "skull":
            self.knock_down(self.attacker, by=self.defender)
            return BlockResult(face, True, False, False, True)
        if face == "both_down":
            return self.both_down()
        down = face == "pow" or (face == "stumble" and not self._dodges())
        return self.push_then(face, down)

    def roll_faces(self, n: int, what: str) -> list[str]:
        """``n`` block dice, as faces."""
        label = f"{what} {self.attacker.id} on {self.defender.id}"
        return [BLOCK_FACES[self.ctx.roll("block", label) - 1] for _ in range(n)]

    def team_reroll(self) -> bool:
        """The attacker's coach spends a team re-roll on the block dice (classic Blitz!, bb2025
        Charge!, a team turn; a Loner rolls 4+ first): True if the dice are rolled again.

        Raises ``DecisionError`` naming the block when no team re-roll can be used."""
        ctx, a = self.ctx, self.attacker
        if not team_reroll_available(ctx, self.turn):
            raise DecisionError.at(where_of(self.where, a).then(f"{self.key}.reroll"),
                                   "no team re-roll can be used for the block dice "
                                   + why_no_team_reroll(ctx, self.turn))
        spend_team_reroll(ctx, self.turn)
        if "loner" in a.skills:
            (loner,) = ctx.roll_dice([("d6", f"Loner by {a.id} (4+)")], lambda v: v[0] >= 4)
            if loner < 4:
                ctx.note("reroll", player=a.id, test="block", source="team", loner="failed")
                return False
        ctx.note("reroll", player=a.id, test="block", source="team")
        return True

    def both_down(self) -> BlockResult:
        a, d = self.attacker, self.defender
        if self._juggernaut_push():
            self.ctx.note("juggernaut", player=a.id)
            return self.push_then("both_down", False)
        wrestler = self._wrestle()
        if wrestler is not None:
            self.ctx.note("wrestle", player=wrestler.id)
            for p in (d, a):
                self.place_prone(p)
            if self.ctx.state.carrier == a.id:
                self.turn.fell(own=True, turnover=True)
            return BlockResult("both_down", True, True, False, False)
        d_down = "block" not in d.skills
        a_down = "block" not in a.skills
        # Ruling (docs/rulings.md): the defender's armour is rolled before the attacker's.
        if d_down:
            self.knock_down(d, by=a)
        if a_down:
            self.knock_down(a, by=d)
        return BlockResult("both_down", a_down, d_down, False, not d_down)

    def push_then(self, face: str, down: bool) -> BlockResult:
        """Push the defender back (Stand Firm permitting), follow up, then knock him down."""
        ctx = self.ctx
        a, d = self.attacker, self.defender
        assert a.square is not None and d.square is not None
        start = d.square
        stands_firm = "stand_firm" in d.skills and not self.juggernaut
        pushed = False
        in_crowd = False
        if stands_firm:
            ctx.note("stand_firm", player=d.id)
        else:
            to = self.push_square(a.square, d, self.choice.push_to, named=True)
            if to is not None:
                pushed = self.push(d, Square(*to))
                in_crowd = pushed and not ctx.state.pitch.on_pitch(to)
        self.defender = d = ctx.state.players[d.id]
        self.follow_up(start, pushed)
        a = self.attacker
        if down and not in_crowd and d.square is not None:
            self.knock_down(d, by=a)
        standing = d.standing
        adjacent = standing and a.standing and a.square is not None and d.square is not None \
            and distance(a.square, d.square) == 1
        return BlockResult(face, False, down and not in_crowd, pushed, bool(adjacent))

    def push_square(self, frm: Square, pushed: Player, given: Square | None, named: bool,
                    key: str = ".push_to") -> Square | None:
        """The square ``pushed`` goes to when pushed away from ``frm``, a ``push_to`` decision
        (``ctx.decide``): the attacker's coach's among the legal push-back squares (an empty one,
        else the crowd, else an occupied one), or, when ``pushed`` uses Side Step, his own coach's
        among those and every empty square adjacent to him (:meth:`side_step_squares`).
        ``given``: the activation's ``block.push_to`` (``named``: given by the scenario), or for a
        player pushed on in a chain push its ``block.chain_push`` entry (``key``: its key
        path). Default: straight back if legal, else the first legal square by x then y; with
        Side Step, that square if it is empty, else the first empty adjacent square.
        ``None``: nowhere (every square holds a Stand Firm player)."""
        assert pushed.square is not None
        legal = legal_push_backs(self.ctx.state, frm, pushed.square)
        steps = self.side_step_squares(pushed)
        options = legal + [s for s in steps if s not in legal]
        if not options:
            return None
        straight = Square(2 * pushed.square[0] - frm[0], 2 * pushed.square[1] - frm[1])
        default = straight if straight in legal else min(legal or options)
        if steps and default not in steps:
            default = min(steps)
        to = self.decide_push(pushed, options, default, bool(steps), given, named, key)
        if steps and to in steps and to not in legal:
            self.ctx.note("side_step", player=pushed.id, to=to.as_list())
        return to

    def decide_push(self, pushed: Player, options: list[Square], default: Square,
                    side_step: bool, given: Square | None, named: bool, key: str) -> Square:
        """The ``push_to`` decision among ``options`` (see :meth:`push_square`): ``pushed``'s
        coach's with Side Step (``side_step``), else the attacker's."""
        where = f"{self.where}{self.key}{key}"

        def refuse(sq: Square) -> Problem | None:
            if sq in options:
                return None
            return Problem(f"{square_text(sq)} is not a legal push-back square for {pushed.id} "
                           f"(legal: {', '.join(square_text(s) for s in options)})", where,
                           (pushed.id,), (Square(*sq),), "illegal_choice")

        scripted = named and given is not None
        return Square(*(default if self.ctx.plain and not scripted else self.ctx.decide(Decision(
            "push_to", pushed.side if side_step else self.attacker.side, where, default,
            lambda: options, refuse, given, scripted))))

    def side_step_squares(self, pushed: Player) -> list[Square]:
        """The squares ``pushed`` may Side Step into (``ActionRules.side_step``): every empty
        square on the pitch adjacent to him, by x then y, when he may (:meth:`may_side_step`);
        else none."""
        if not self.may_side_step(pushed):
            return []
        st = self.ctx.state
        assert pushed.square is not None
        x, y = pushed.square
        around = (Square(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
        return sorted(s for s in around if st.pitch.on_pitch(s) and s not in st.board)

    def may_side_step(self, pushed: Player) -> bool:
        """Whether ``pushed`` may Side Step: he has the skill, is Standing (with his tackle
        zone, where the edition asks it) and the attacker has no skill that cancels it on this
        Blitz."""
        rules = self.ctx.ruleset.actions.side_step
        if rules.skill not in pushed.skills or not pushed.standing or pushed.square is None:
            return False
        if rules.needs_tackle_zone and LOST_TACKLE_ZONE in pushed.effects:
            return False
        return not (self.blitz
                    and any(s in self.attacker.skills for s in rules.cancelled_on_blitz_by))

    def push(self, p: Player, to: Square) -> bool:
        """Move ``p`` to ``to``, pushing on whoever is there first (chain push); into the crowd
        if ``to`` is off the pitch. False (nobody moves) when the player there cannot be pushed
        anywhere (every square behind him holds a Stand Firm player)."""
        ctx = self.ctx
        st = ctx.state
        assert p.square is not None
        origin = p.square
        if not st.pitch.on_pitch(to):
            carrying = st.carrier == p.id
            ctx.note("push", player=p.id, to="crowd")
            injured = injury(ctx, st.remove(p, "reserves"), stunned_off="reserves")
            ctx.note("crowd", player=p.id, result=injured)
            if carrying:
                st.carrier = None
                ball.throw_in(ctx, Square(*origin), to)
            return True
        other = st.board.get(to)
        if other is not None:
            given = dict(self.choice.chain_push).get(other.id)
            nxt = self.push_square(origin, other, given, named=given is not None,
                                   key=f".chain_push.{other.id}")
            if nxt is None or not self.push(other, nxt):
                return False
        carrying = st.carrier == p.id
        st.move(p, to)
        if carrying:
            st.ball = to
        ctx.note("push", player=p.id, to=to.as_list())
        if st.ball == to and st.carrier is None:
            ball.bounce(ctx, to, False)
        return True

    def follow_up(self, vacated: Square, pushed: bool) -> None:
        """The attacker's coach's ``follow_up`` decision (``ctx.decide``): step into ``vacated``
        or not (default: no; Frenzy: must, the one option). The activation's
        ``block.follow_up`` is the scripted answer."""
        a = self.attacker
        if not pushed or not a.standing or vacated in self.ctx.state.board:
            return
        frenzy = "frenzy" in a.skills
        where = where_of(self.where, a).then(f"{self.key}.follow_up")
        options = (True,) if frenzy else (False, True)

        def refuse(answer: bool) -> Problem | None:
            if answer in options:
                return None
            return where.problem(f"{a.id} has Frenzy and must follow up")

        wanted = self.choice.follow_up
        if frenzy if self.ctx.plain and wanted is None else self.ctx.decide(Decision(
                "follow_up", a.side, where.where(), frenzy, lambda: options, refuse, wanted,
                wanted is not None)):
            carrying = self.ctx.state.carrier == a.id
            self.attacker = self.ctx.state.move(a, vacated)
            if carrying:
                self.ctx.state.ball = vacated
            self.ctx.note("follow_up", player=a.id, to=vacated.as_list())

    def knock_down(self, p: Player, by: Player) -> None:
        """``p`` is Knocked Down: Prone, armour (Mighty Blow of ``by`` where it counts), the ball
        bounces if he held it; the acting team's player going down ends the turn."""
        ctx = self.ctx
        st = ctx.state
        carrying = st.carrier == p.id
        p = st.set_status(p, "prone")
        ctx.note("knocked_down", player=p.id)
        own = p.side == self.turn.active
        if own:
            self.turn.fell(own=True, turnover=p.id == self.attacker.id)
        mb_counts = by.id == self.attacker.id or ctx.ruleset.actions.defender_mighty_blow
        bonus = ctx.ruleset.actions.mighty_blow if mb_counts and "mighty_blow" in by.skills else 0
        sq = p.square
        if carrying:
            st.carrier = None
        claw = mb_counts and ("claw" in by.skills or "claws" in by.skills)
        armour_and_injury(ctx, p, mighty_blow=bonus, claw=claw)
        if carrying and sq is not None:
            ball.bounce(ctx, Square(*sq), False, self.turn)

    def place_prone(self, p: Player) -> None:
        st = self.ctx.state
        p = st.set_status(p, "prone")
        self.ctx.note("placed_prone", player=p.id)
        if st.carrier == p.id and p.square is not None:
            st.carrier = None
            ball.bounce(self.ctx, Square(*p.square), False, self.turn)


def push_back_squares(frm: tuple[int, int], at: tuple[int, int]) -> list[Square]:
    """The three squares a player on ``at`` may be pushed into away from ``frm`` (adjacent):
    straight back and its two neighbours that are also adjacent to ``at``, off the pitch
    included."""
    dx, dy = at[0] - frm[0], at[1] - frm[1]
    back = (at[0] + dx, at[1] + dy)
    if dx == 0 or dy == 0:  # straight: the square behind and its two neighbours across
        return [Square(*back), Square(back[0] + dy, back[1] + dx), Square(back[0] - dy, back[1] - dx)]
    # diagonal: the corner square behind and the two squares beside it
    return [Square(*back), Square(at[0] + dx, at[1]), Square(at[0], at[1] + dy)]


def block(
    ctx: KickoffContext,
    turn: Turn,
    attacker: Player,
    defender: Player,
    choice: BlockChoice,
    where: str,
    *,
    blitz: bool,
    before_second_block: Callable[[], bool] | None = None,
) -> BlockResult:
    """``attacker`` blocks ``defender`` (adjacent, both Standing, opponents). Frenzy: after a
    Push with both Standing and adjacent, a second block (``choice.frenzy``'s choices, else the
    defaults; its follow-up forced), if ``before_second_block`` (a Blitz paying one more square)
    allows it.

    Raises ``DecisionError`` naming ``where`` for an illegal target or choice."""
    if defender.side == attacker.side or not defender.standing:
        raise DecisionError.at(where_of(where, attacker), f"{defender.id} is not a Standing opponent")
    assert attacker.square is not None and defender.square is not None
    if distance(attacker.square, defender.square) != 1:
        raise DecisionError.at(where_of(where, attacker),
            f"target {defender.id} at {square_text(defender.square)} is "
            "not adjacent"
        )
    result = _Block(ctx, turn, attacker, defender, choice, where, blitz).resolve()
    if ("frenzy" in attacker.skills and result.pushed and result.defender_standing
            and not turn.turnover and (before_second_block is None or before_second_block())):
        a = ctx.state.players[attacker.id]
        d = ctx.state.players[defender.id]
        if a.standing and not turn.turnover:
            ctx.note("frenzy", player=a.id)
            result = _Block(ctx, turn, a, d, choice.frenzy or BlockChoice(), where, blitz,
                            ".block.frenzy").resolve()
    return result


def legal_push_backs(st: GameState, frm: Square, at: Square) -> list[Square]:
    """The legal push-back squares of a player on ``at`` pushed away from ``frm``: the empty
    ones on the pitch, else those in the crowd, else the occupied ones of no Stand Firm
    player (``[]``: none)."""
    squares = push_back_squares(frm, at)
    empty = [s for s in squares if st.pitch.on_pitch(s) and s not in st.board]
    crowd = [s for s in squares if not st.pitch.on_pitch(s)]
    occupied = [s for s in squares if st.pitch.on_pitch(s) and s in st.board
                and "stand_firm" not in st.board[s].skills]
    return empty or crowd or occupied
