"""Where pieces may go: the route network N(p), placement legality, costs and Gaiviles jumps
(shared/rules/pantheon.md section 4.0 and 5.7)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from data.i18n import t
from data.pantheon import BOARD
from engine.core import Decision, IllegalDecision

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
    own_column = [seat, COLUMN]  # pieces are [seat, piece] pairs: a membership test in C
    frontier = list(net)
    while frontier:
        for nb in COLUMN_NEIGHBOURS[frontier.pop()]:
            if nb not in net and own_column in pieces.get(nb, ()):
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
            nbs = NEIGHBOURS[label]
            # next to the temple or this epoch's fields, the network's core, is next to the
            # network: only otherwise is the whole of it (old columns joined) worked out
            if s.temple in nbs or not set(s.players[seat].placed).isdisjoint(nbs):
                return
            net = network(s, seat)
            if not any(nb in net for nb in nbs):
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
    if piece == FOOT and net is None:
        net = network(s, seat)
    direct = direct_placements(s, seat, piece, net)
    for label, cost in direct:
        yield label, None, cost
    if jumps:
        if net is None:
            net = network(s, seat)
        yield from jump_placements(s, seat, piece, jump_fields(s, seat, net),
                                   {label for label, _ in direct})


def direct_placements(s: State, seat: int, piece: str, net: set[str] | None
                      ) -> list[tuple[str, int]]:
    """(field, cost) of every placement of `piece` without a jump, sorted by field. `net` is
    network(s, seat); a column does not need it (it goes next to an own foot, P-PLACE-8)."""
    pieces, temple = s.pieces, s.temple
    candidates: set[str] = set()
    if piece == FOOT:
        assert net is not None
        for f in net:
            candidates.update(FOOT_NEIGHBOURS[f])
    else:
        own_foot = [seat, FOOT]
        # own feet only exist this epoch, so they are among the fields placed on this epoch
        for f in set(s.players[seat].placed):
            if own_foot in pieces[f]:
                candidates.update(COLUMN_NEIGHBOURS[f])
    candidates.discard(temple)  # P-PLACE-4
    out = []
    for label in sorted(candidates):
        # the terrain is right by table and the temple is out: only the occupancy counts
        here = pieces.get(label)
        if not here:
            out.append((label, 1))
        elif len(here) < 2 and here[0][0] != seat:
            out.append((label, 2))
    return out


def jump_fields(s: State, seat: int, net: set[str]) -> list[str]:
    """P-GAIV-2: the fields a Gaiviles jump may go over, sorted: next to the network, occupied,
    not the temple, without an own piece."""
    pieces, temple = s.pieces, s.temple
    vias = set()
    for f in net:
        for nb in NEIGHBOURS[f]:
            here = pieces.get(nb)
            if not here or nb == temple or nb in vias:
                continue
            for owner, _ in here:
                if owner == seat:
                    break
            else:  # no own piece there
                vias.add(nb)
    return sorted(vias)


def jump_placements(s: State, seat: int, piece: str, vias: list[str], direct: set[str]
                    ) -> list[Placement]:
    """P-GAIV: placements only a jump over one of `vias` (jump_fields) reaches; fields in
    `direct` are reached without one. By jumped field, then in neighbour order."""
    pieces, temple = s.pieces, s.temple
    column = piece == COLUMN
    out: list[Placement] = []
    for via in vias:
        if column and not any(p[1] == FOOT for p in pieces[via]):
            continue
        for label in NEIGHBOURS[via]:
            # the right terrain, not the temple, then the occupancy (P-PLACE-2/4/5)
            if label in direct or IS_COLUMN_FIELD[label] != column or label == temple:
                continue
            here = pieces.get(label)
            if not here:
                out.append((label, via, 1))
            elif len(here) < 2 and here[0][0] != seat:
                out.append((label, via, 2))
    return out


def placement_decisions(s: State, seat: int, limit: int, jumps: bool) -> list[Decision]:
    """A "place" decision for every placement costing at most `limit`, in the order of
    iter_all_placements (feet first; direct placements by field, then jumps). Built in one
    pass: the Move and Buy prompts list them at every step."""
    out: list[Decision] = []
    if limit < 1:
        return out  # every placement costs 1 or 2: spent out, as every Move ends, no search
    supply = s.players[seat].supply
    net: set[str] | None = None
    vias: list[str] | None = None
    for piece in PIECES:
        if supply[piece] <= 0:
            continue
        if net is None and (piece == FOOT or jumps):
            net = network(s, seat)
        direct = direct_placements(s, seat, piece, net)
        out += [Decision("place", {"piece": piece, "field": label})
                for label, cost in direct if cost <= limit]
        if jumps:
            assert net is not None
            if vias is None:  # the same fields for both pieces
                vias = jump_fields(s, seat, net)
            if vias:
                out += [Decision("place", {"piece": piece, "field": label, "via": via})
                        for label, via, cost in jump_placements(
                            s, seat, piece, vias, {label for label, _ in direct})
                        if cost <= limit]
    return out


def cheapest_cost(s: State, seat: int, jumps: bool, good_enough: int) -> int:
    """The lowest cost of any placement the seat could make now (99 when none), the same set
    of placements as iter_all_placements. The search stops at the first placement costing at
    most `good_enough` and returns that cost (whether a cheaper one exists is then no longer
    asked). The action prompt, every follow-up move and Buy ask this, so it is the hottest
    search of the game: it looks at the neighbours in no particular order (a field perhaps
    twice), builds nothing, and searches jumps only when still needed."""
    p = s.players[seat]
    best = 99
    if p.supply[FOOT] > 0:
        # The temple and this epoch's fields first: they are the network but for old columns
        # joined to it, and nearly always have a neighbour that will do, so the whole network
        # is worked out only when they have not.
        core = [s.temple, *p.placed] if s.temple else p.placed
        best = _cheapest_next_to(s, seat, core, FOOT_NEIGHBOURS, good_enough)
        if best > good_enough:
            best = min(best, _cheapest_next_to(s, seat, network(s, seat), FOOT_NEIGHBOURS,
                                               good_enough))
        if best <= good_enough:
            return best
    if p.supply[COLUMN] > 0:
        own_foot, pieces = [seat, FOOT], s.pieces
        # own feet only exist this epoch, so they are among the fields placed on this epoch
        feet = [f for f in p.placed if own_foot in pieces[f]]
        cost = _cheapest_next_to(s, seat, feet, COLUMN_NEIGHBOURS, good_enough)
        if cost <= good_enough:
            return cost
        best = min(best, cost)
    if jumps and best > 1:
        # Gaiviles: the ordered search is fast enough for what is left to find
        for _, (_, via, cost) in iter_all_placements(s, seat, True):
            if via is not None:
                if cost <= good_enough:
                    return cost
                best = min(best, cost)
    return best


def _cheapest_next_to(s: State, seat: int, fields: Iterable[str],
                      neighbours: dict[str, tuple[str, ...]], good_enough: int) -> int:
    """cheapest_cost over the `neighbours` (FOOT_ or COLUMN_NEIGHBOURS: the terrain is right
    by table) of `fields`, with the occupancy test of direct_placements: the first cost at
    most `good_enough`, else the lowest (99 for none)."""
    pieces, temple = s.pieces, s.temple
    best = 99
    for f in fields:
        for label in neighbours[f]:
            here = pieces.get(label)
            if not here:
                if label != temple:
                    if good_enough >= 1:
                        return 1
                    best = 1
            elif len(here) < 2 and here[0][0] != seat and label != temple:
                if good_enough >= 2:
                    return 2
                best = min(best, 2)
    return best


def has_direct_placements(s: State, seat: int, limit: int, count: int) -> bool:
    """Whether at least `count` placements without a jump cost at most `limit` (feet and
    columns never share a field, so each field is one placement). Like cheapest_cost it looks
    next to the temple and this epoch's fields first, and stops as soon as it has enough."""
    p = s.players[seat]
    found: set[str] = set()
    if p.supply[FOOT] > 0:
        core = [s.temple, *p.placed] if s.temple else p.placed
        if (_collect_next_to(s, seat, core, FOOT_NEIGHBOURS, limit, found, count)
                or _collect_next_to(s, seat, network(s, seat), FOOT_NEIGHBOURS, limit, found,
                                    count)):
            return True
    if p.supply[COLUMN] > 0:
        own_foot = [seat, FOOT]
        feet = [f for f in p.placed if own_foot in s.pieces[f]]
        return _collect_next_to(s, seat, feet, COLUMN_NEIGHBOURS, limit, found, count)
    return False


def _collect_next_to(s: State, seat: int, fields: Iterable[str],
                     neighbours: dict[str, tuple[str, ...]], limit: int, found: set[str],
                     count: int) -> bool:
    """Add to `found` the `neighbours` of `fields` one may place on for at most `limit` (the
    test of _cheapest_next_to); True as soon as `found` holds `count` fields."""
    pieces, temple = s.pieces, s.temple
    for f in fields:
        for label in neighbours[f]:
            if label in found or label == temple:
                continue
            here = pieces.get(label)
            if not here:
                if limit < 1:
                    continue
            elif limit < 2 or len(here) > 1 or here[0][0] == seat:
                continue
            found.add(label)
            if len(found) >= count:
                return True
    return False


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


def put(s: State, seat: int, piece: str, label: str) -> None:
    s.pieces.setdefault(label, []).append([seat, piece])
    s.players[seat].placed.append(label)
    s.players[seat].supply[piece] -= 1


def on_board(s: State, seat: int, piece: str) -> int:
    # comparing the seat first is cheaper than comparing each [seat, piece] pair as a list
    n = 0
    for ps in s.pieces.values():
        for owner, kind in ps:
            if owner == seat and kind == piece:
                n += 1
    return n
