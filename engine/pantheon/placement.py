"""Where pieces may go: the route network N(p), placement legality, costs and Gaiviles jumps
(shared/rules/pantheon.md section 4.0 and 5.7)."""

from __future__ import annotations

from collections.abc import Iterator

from data.i18n import t
from data.pantheon import BOARD
from engine.core import IllegalDecision

from .state import COLUMN, FOOT, PIECES, State

NEIGHBOURS: dict[str, tuple[str, ...]] = {
    f.label: tuple(BOARD.fields[i].label for i in BOARD.neighbours[f.index]) for f in BOARD.fields
}
IS_COLUMN_FIELD: dict[str, bool] = {f.label: f.is_column_field for f in BOARD.fields}
COLUMN_FIELDS: tuple[str, ...] = tuple(f.label for f in BOARD.fields if f.is_column_field)
LABELS: frozenset[str] = frozenset(NEIGHBOURS)


# Feet only stand on non-column fields and columns only on column fields (P-PLACE-2), so the
# candidate search only looks at the neighbours of the right terrain.
FOOT_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    label: tuple(nb for nb in nbs if not IS_COLUMN_FIELD[nb]) for label, nbs in NEIGHBOURS.items()
}
COLUMN_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    label: tuple(nb for nb in nbs if IS_COLUMN_FIELD[nb]) for label, nbs in NEIGHBOURS.items()
}


def network(s: State, seat: int) -> set[str]:
    """P-PLACE-6: temple + fields placed on this epoch + old own columns joined to those."""
    pieces = s.pieces
    net: set[str] = set(s.players[seat].placed)
    # Grow outwards from this epoch's fields instead of first scanning every piece on the board
    # for old own columns: only the neighbours of the network can join it, and the network
    # is needed for every option listing, so this search runs very often.
    # Columns only ever stand on column fields (P-PLACE-2, and the column bonus tile also
    # places on column fields), so only column-field neighbours are looked at.
    frontier = list(net)
    while frontier:
        for nb in COLUMN_NEIGHBOURS[frontier.pop()]:
            if nb not in net and _owns(pieces.get(nb, ()), seat, COLUMN):
                net.add(nb)
                frontier.append(nb)
    if s.temple:
        net.add(s.temple)
    return net


def _has(s: State, label: str, seat: int, piece: str | None = None) -> bool:
    return any(p[0] == seat and (piece is None or p[1] == piece) for p in s.pieces.get(label, ()))


def check_field(s: State, seat: int, piece: str, label: str) -> int:
    """The occupancy and terrain checks every placement shares; returns the cost (1 or 2)."""
    if label not in LABELS:
        raise IllegalDecision(t("pantheon.err.no_field", field=label), "P-PLACE-1")  # as given
    if piece == COLUMN and not IS_COLUMN_FIELD[label]:
        raise IllegalDecision(t("pantheon.err.columns_only", field=label), "P-PLACE-2")
    if piece == FOOT and IS_COLUMN_FIELD[label]:
        raise IllegalDecision(t("pantheon.err.no_feet_there", field=label), "P-PLACE-2")
    if label == s.temple:
        raise IllegalDecision(t("pantheon.err.temple", field=label), "P-PLACE-4")
    here = s.pieces.get(label, ())
    if any(p[0] == seat for p in here):
        raise IllegalDecision(t("pantheon.err.own_piece", field=label), "P-PLACE-5")
    if len(here) >= 2:
        raise IllegalDecision(t("pantheon.err.field_full", field=label), "P-PLACE-5")
    return 2 if here else 1


def check_connected(s: State, seat: int, piece: str, label: str, via: str | None = None) -> None:
    """P-PLACE-7 / P-PLACE-8, with a Gaiviles jumped field `via` counting as own (P-GAIV-4/5)."""
    if via is None:
        if piece == FOOT:
            net = network(s, seat)
            if not any(nb in net for nb in NEIGHBOURS[label]):
                raise IllegalDecision(t("pantheon.err.foot_route", field=label), "P-PLACE-7")
        elif not any(_has(s, nb, seat, FOOT) for nb in NEIGHBOURS[label]):
            raise IllegalDecision(t("pantheon.err.column_next_foot", field=label), "P-PLACE-8")
        return
    check_jump(s, seat, via)
    if label not in NEIGHBOURS[via]:
        raise IllegalDecision(t("pantheon.err.jump_next", field=label, via=via), "P-GAIV-2")
    if piece == COLUMN and not any(p[1] == FOOT for p in s.pieces.get(via, ())):
        raise IllegalDecision(t("pantheon.err.jump_column"), "P-GAIV-5")


def check_jump(s: State, seat: int, via: str) -> None:
    if via not in LABELS:
        raise IllegalDecision(t("pantheon.err.no_field", field=via), "P-PLACE-1")  # as given
    here = s.pieces.get(via, ())
    if not here or via == s.temple:
        raise IllegalDecision(t("pantheon.err.jump_empty", via=via), "P-GAIV-2")
    if any(p[0] == seat for p in here):
        raise IllegalDecision(t("pantheon.err.jump_own", via=via), "P-GAIV-2")
    net = network(s, seat)
    if not any(nb in net for nb in NEIGHBOURS[via]):
        raise IllegalDecision(t("pantheon.err.jump_route", via=via), "P-GAIV-2")


Placement = tuple[str, str | None, int]


def legal_placements(s: State, seat: int, piece: str, jumps: bool) -> list[Placement]:
    """Every (field, via, cost) the seat may place `piece` on now; `via` is a jumped field."""
    return list(iter_placements(s, seat, piece, jumps))


def iter_placements(s: State, seat: int, piece: str, jumps: bool,
                    net: set[str] | None = None) -> Iterator[Placement]:
    """Direct placements first (sorted by label), then those only a Gaiviles jump reaches.
    `net` may pass in network(s, seat) when the caller already has it for this same state."""
    seen: set[str] = set()
    candidates: set[str] = set()
    if piece == FOOT:
        if net is None:
            net = network(s, seat)
        for f in net:
            candidates.update(FOOT_NEIGHBOURS[f])
    else:
        # own feet only exist this epoch, so they are among the fields placed on this epoch
        for f in set(s.players[seat].placed):
            if _owns(s.pieces[f], seat, FOOT):
                candidates.update(COLUMN_NEIGHBOURS[f])
    pieces, temple = s.pieces, s.temple
    for label in sorted(candidates):
        # _cost_or_none without its terrain test, which the neighbour tables already did
        if label == temple:
            continue
        here = pieces.get(label)
        if not here:
            cost = 1
        elif len(here) >= 2 or here[0][0] == seat:
            continue
        else:
            cost = 2
        seen.add(label)
        yield label, None, cost
    if not jumps:
        return
    if net is None:
        net = network(s, seat)
    vias = {nb for f in net for nb in NEIGHBOURS[f]
            if nb != s.temple and s.pieces.get(nb) and not _has(s, nb, seat)}
    for via in sorted(vias):
        if piece == COLUMN and not any(p[1] == FOOT for p in s.pieces[via]):
            continue
        for label in NEIGHBOURS[via]:
            if label not in seen:
                cost = _cost_or_none(s, seat, piece, label)
                if cost is not None:
                    yield label, via, cost


def iter_all_placements(s: State, seat: int, jumps: bool) -> Iterator[tuple[str, Placement]]:
    """(piece, placement) for each piece the seat has in its personal supply, feet first. The
    route network is worked out once here and shared by both pieces' searches."""
    net: set[str] | None = None
    supply = s.players[seat].supply
    for piece in PIECES:
        if supply[piece] <= 0:
            continue
        if net is None and (piece == FOOT or jumps):
            net = network(s, seat)
        for placement in iter_placements(s, seat, piece, jumps, net):
            yield piece, placement


def _owns(pieces: list | tuple, seat: int, piece: str) -> bool:
    # State stores each piece as the list [seat, piece] (it round-trips through JSON), so a list
    # membership test finds it in C; this runs in the innermost searches
    return [seat, piece] in pieces


def _cost_or_none(s: State, seat: int, piece: str, label: str) -> int | None:
    if IS_COLUMN_FIELD[label] != (piece == COLUMN) or label == s.temple:
        return None
    here = s.pieces.get(label)
    if not here:
        return 1
    if len(here) >= 2 or here[0][0] == seat:
        return None
    return 2


def put(s: State, seat: int, piece: str, label: str) -> None:
    s.pieces.setdefault(label, []).append([seat, piece])
    s.players[seat].placed.append(label)
    s.players[seat].supply[piece] -= 1


def on_board(s: State, seat: int, piece: str) -> int:
    # a plain loop: measured faster than sum() over a generator, and the buy options ask often
    n = 0
    for ps in s.pieces.values():
        for p in ps:
            if p[0] == seat and p[1] == piece:
                n += 1
    return n
