"""What players gain: god tiles and their effects (section 5), loot and bonus tile effects
(section 6), offering tiles and pieces from the general supply."""

from __future__ import annotations

from data.i18n import t
from data.pantheon import COMPONENTS
from engine.core import Decision, Event, IllegalDecision, Rng

from . import cards
from .flow import Frame, choice, pop, push
from .placement import COLUMN_FIELDS, on_board
from .state import COLUMN, FOOT, PIECES, State
from .text import kind_name, kinds_list

GODS = COMPONENTS.gods
LOOT = COMPONENTS.loot
BONUS = COMPONENTS.bonus
KINDS = COMPONENTS.kinds
PER_COLOUR = COMPONENTS.raw["pieces_per_colour"]


def tile_effect(tile: str) -> dict:
    return LOOT[tile] if tile in LOOT else BONUS[tile]


def steps_value(s: State, seat: int) -> int:
    """P-MOVE-3: kept steps tiles plus one step per Vinthrad."""
    p = s.players[seat]
    if not p.steps_tiles:  # the usual case, and every Move prompt asks
        return p.gods.count("vinthrad")
    return sum(tile_effect(t)["steps"] for t in p.steps_tiles) + p.gods.count("vinthrad")


def stonkus_value(s: State, seat: int) -> int:
    gods = s.players[seat].gods
    # most players hold no god, and the action prompt asks (via the Buy test) every turn
    return sum([GODS[g].money for g in gods]) if gods else 0


def general_supply(s: State, seat: int, piece: str) -> int:
    """P-ZONE-1 / P-GAP-SUPPLYOUT: 12 per colour, less the personal supply and the board."""
    return PER_COLOUR[piece] - s.players[seat].supply[piece] - on_board(s, seat, piece)


def general_supplies(s: State, seat: int) -> dict[str, int]:
    """general_supply of both pieces, with one pass over the board (the Buy prompt asks both)."""
    feet = columns = 0
    # comparing the seat first is cheaper than comparing each [seat, piece] pair as a list
    for ps in s.pieces.values():
        for owner, piece in ps:
            if owner == seat:
                if piece == FOOT:
                    feet += 1
                elif piece == COLUMN:
                    columns += 1
    supply = s.players[seat].supply
    return {FOOT: PER_COLOUR[FOOT] - supply[FOOT] - feet,
            COLUMN: PER_COLOUR[COLUMN] - supply[COLUMN] - columns}


def take_from_general(s: State, seat: int, piece: str, n: int, events: list[Event]) -> int:
    got = max(0, min(n, general_supply(s, seat, piece)))
    s.players[seat].supply[piece] += got
    if got:
        events.append(Event("gained_pieces", {"seat": seat, "piece": piece, "count": got}))
    return got


# --- gods -------------------------------------------------------------------------------------

def draw_god(s: State, events: list[Event]) -> str | None:
    """Top of the god stack; P-GODDECK-1 rebuilds it from the box when empty."""
    if not s.god_stack and s.god_box:
        s.god_stack = s.god_box
        s.god_box = []
        rng = Rng(s.rng)
        rng.shuffle(s.god_stack)
        s.rng = rng.state
        events.append(Event("god_stack_rebuilt", {"tiles": len(s.god_stack)}))
    return s.god_stack.pop() if s.god_stack else None


def gain_god(s: State, seat: int, god: str, source: str, events: list[Event]) -> None:
    """P-GODS-2: every god gained scores the epoch's points and acts at once."""
    p = s.players[seat]
    p.score += s.epoch
    s.last_changes.setdefault("gods", []).append([seat, god])
    events.append(Event("gained_god", {"seat": seat, "god": god, "source": source,
                                       "points": s.epoch}))
    gtype = GODS[god]
    if gtype.colour == "yellow" and god != "traitera":  # one-time gods act now and go to the box
        p.used_gods.append(god)
    if god == "surparit":
        drawn = draw_god(s, events) if source != "surparit" else None  # P-SURP-3: no chain
        s.god_box.append(god)  # P-SURP-4: afterwards, so a rebuilt stack cannot hold it
        if drawn is not None:
            gain_god(s, seat, drawn, "surparit", events)
    elif god == "plaesiris":
        s.god_box.append(god)
        if source == "acquire":  # P-PLAE-2, shortfall P-PLAE-6
            take_demigods_from_pool(s, seat, 2, events)
        else:  # P-PLAE-3 / P-PLAE-4
            take_demigods_from_stack(s, seat, 2, events)
    elif god == "taksator":
        s.god_box.append(god)
        cards.take_special_money(s, seat, events)
    elif gtype.colour == "blue" or god == "traitera":
        p.gods.append(god)
    else:  # pragma: no cover - data validation keeps this unreachable
        s.god_box.append(god)


def take_demigods_from_pool(s: State, seat: int, n: int, events: list[Event]) -> None:
    pool = sorted(s.demigod_pool)
    take = pool[-n:] if n else []
    for v in take:
        s.demigod_pool.remove(v)
        s.players[seat].demigods.append(v)
    if take:
        events.append(Event("took_demigods", {"seat": seat, "count": len(take), "values": take,
                                              "from": "pool"}))
    if len(take) < n:
        take_demigods_from_stack(s, seat, n - len(take), events)


def take_demigods_from_stack(s: State, seat: int, n: int, events: list[Event]) -> None:
    got = 0
    for _ in range(n):
        if not s.demigod_stack:
            break
        s.players[seat].demigods.append(s.demigod_stack.pop())
        got += 1
    # the values come from the face-down stack: only the owner may learn them
    events.append(Event("took_demigods", {"seat": seat, "count": got, "from": "stack"}))


# --- loot and bonus effects -------------------------------------------------------------------

def resolve_tile(s: State, seat: int, tile: str, events: list[Event]) -> None:
    """P-TILE-*: apply one loot or bonus tile; its further choices go on the agenda."""
    eff = tile_effect(tile)
    kind = eff["effect"]
    keep = False
    events.append(Event("resolved_tile", {"seat": seat, "tile": tile}))
    if kind == "demigod":  # P-TILE-DEMI-2: the highest face-up demigod
        if s.demigod_pool:
            best = max(s.demigod_pool)
            s.demigod_pool.remove(best)
            s.players[seat].demigods.append(best)
            events.append(Event("took_demigods", {"seat": seat, "count": 1, "values": [best],
                                                  "from": "pool"}))
    elif kind == "demigod_top":  # P-TILE-DEMI-3
        take_demigods_from_stack(s, seat, 1, events)
    elif kind == "god":  # P-TILE-GOD-1
        god = draw_god(s, events)
        if god is not None:
            gain_god(s, seat, god, "stack", events)
    elif kind == "offering":  # P-TILE-OFF-1
        push(s, *[{"t": "offering_gain", "seat": seat} for _ in range(eff["times"])])
    elif kind == "draw":  # P-TILE-DRAW-1
        cards.draw_cards(s, seat, eff["cards"], events)
    elif kind == "money":  # P-TILE-MONEY-1
        cards.take_special_money(s, seat, events)
    elif kind == "steps":  # P-TILE-STEP-1: kept for the rest of the game
        s.players[seat].steps_tiles.append(tile)
        keep = True
    elif kind == "supply":  # P-TILE-SUP-1
        take_from_general(s, seat, FOOT, eff["foot"], events)
        take_from_general(s, seat, COLUMN, eff["column"], events)
    elif kind == "supply_choice":
        push(s, {"t": "supply_choice", "seat": seat, "amount": eff["amount"]})
    elif kind == "column":  # P-TILE-COL-1
        push(s, {"t": "column_bonus", "seat": seat})
    if not keep:
        (s.loot_box if tile in LOOT else s.bonus_box).append(tile)


def offering_options(s: State, seat: int, max_steps: int = 1) -> list[Decision]:
    """A new level-1 tile of a kind not held (P-BUY-11) or one level up (max 4)."""
    tiles = s.players[seat].tiles
    out = [Decision("tile", {"kind": k, "level": 1}) for k in KINDS if k not in tiles]
    out += [Decision("upgrade", {"kind": k, "level": tiles[k] + 1})
            for k in KINDS if k in tiles and tiles[k] < 4]
    return out


def check_offering_step(s: State, seat: int, d: Decision) -> tuple[str, int]:
    tiles = s.players[seat].tiles
    kind, level = d.args.get("kind"), d.args.get("level")
    if kind not in KINDS:
        raise IllegalDecision(t("pantheon.err.not_a_kind", kind=kind, kinds=kinds_list()),
                              "P-COMP-8")
    if type(level) is not int:  # not True or 1.0: they compare equal but are not levels
        raise IllegalDecision(t("pantheon.err.tile_levels"), "P-COMP-8")
    if d.kind == "tile":
        if kind in tiles:
            raise IllegalDecision(t("pantheon.err.tile_owned", kind=kind_name(kind)), "P-BUY-11")
        if level != 1:
            raise IllegalDecision(t("pantheon.err.level1_only"), "P-TILE-OFF-1")
    else:
        if kind not in tiles:
            raise IllegalDecision(t("pantheon.err.no_tile", kind=kind_name(kind)),
                                  "P-TILE-OFF-1")
        if level != tiles[kind] + 1 or tiles[kind] >= 4:
            raise IllegalDecision(t("pantheon.err.one_level"), "P-TILE-OFF-1")
    return kind, level


def set_tile(s: State, seat: int, kind: str, level: int, events: list[Event]) -> None:
    old = s.players[seat].tiles.get(kind, 0)
    s.players[seat].tiles[kind] = level
    events.append(Event("offering_tile", {"seat": seat, "kind": kind, "from": old, "to": level}))


def _offering_gain_options(s: State, frame: Frame) -> list[Decision]:
    opts = offering_options(s, frame["seat"])
    if frame.get("optional"):
        opts.append(Decision("skip"))
    return opts


@choice("offering_gain", _offering_gain_options)
def _offering_gain(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    if d.kind == "skip" and frame.get("optional"):
        pop(s)
        return
    if d.kind not in ("tile", "upgrade"):
        raise IllegalDecision(t("pantheon.err.offering_gain"), "P-TILE-OFF-1")
    kind, level = check_offering_step(s, frame["seat"], d)
    pop(s)
    set_tile(s, frame["seat"], kind, level, events)


def _supply_choice_options(s: State, frame: Frame) -> list[Decision]:
    return [Decision("supply", {"piece": p}) for p in PIECES
            if general_supply(s, frame["seat"], p) > 0]


@choice("supply_choice", _supply_choice_options)
def _supply_choice(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    piece = d.args.get("piece")
    if d.kind != "supply" or piece not in PIECES:
        raise IllegalDecision(t("pantheon.err.feet_or_columns"), "P-TILE-SUP-1")
    pop(s)
    take_from_general(s, frame["seat"], piece, frame["amount"], events)


def _column_bonus_options(s: State, frame: Frame) -> list[Decision]:
    seat = frame["seat"]
    if general_supply(s, seat, COLUMN) <= 0:
        return []
    return [Decision("place", {"piece": COLUMN, "field": f}) for f in COLUMN_FIELDS
            if _column_bonus_ok(s, seat, f)]


def _column_bonus_ok(s: State, seat: int, label: str) -> bool:
    here = s.pieces.get(label, [])
    return len(here) < 2 and all(p[0] != seat for p in here)


@choice("column_bonus", _column_bonus_options)
def _column_bonus(s: State, frame: Frame, d: Decision, events: list[Event]) -> None:
    seat = frame["seat"]
    label = d.args.get("field")
    if d.kind != "place" or d.args.get("piece") != COLUMN:
        raise IllegalDecision(t("pantheon.err.bonus_column"), "P-TILE-COL-1")
    if label not in COLUMN_FIELDS:  # the label as it was given
        raise IllegalDecision(t("pantheon.err.not_column_field", field=label), "P-TILE-COL-1")
    if not _column_bonus_ok(s, seat, label):
        raise IllegalDecision(t("pantheon.err.column_field_taken", field=label), "P-PLACE-5")
    pop(s)
    # from the general supply straight onto the board; it is an "old" column (not in `placed`)
    s.pieces.setdefault(label, []).append([seat, COLUMN])
    s.last_changes.setdefault("placed", []).append([seat, COLUMN, label])
    events.append(Event("placed", {"seat": seat, "piece": COLUMN, "field": label, "cost": 0}))
