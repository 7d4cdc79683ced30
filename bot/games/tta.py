"""Through the Ages' own slash-command verbs: /tta take|build|develop|play|wonder|tactic|
politics|bid, each with autocomplete from the legal options of that kind (the host's
`/tta choose` covers every option, the end of the turn and a military discard included). The
full game's political actions and every answer they ask for (a defence, a pact offer, spoils,
a resignation's confirmation) are under politics.
TtA has no whole-turn notation: a step is picked from the list (or from the prompt's buttons
and menus). Eight verbs: with the host's seventeen common subcommands that is Discord's limit
of 25 per group."""

from __future__ import annotations

from engine.core import Decision

from ..host.verbs import ANY, Verb

VERBS = (
    Verb("take", "Take a card from the card row (its space's civil-action cost)",
         "A card of the row (pick from the list)"),
    Verb("build", "Increase population, build, upgrade, destroy or disband",
         "What to build or upgrade (pick from the list)"),
    Verb("develop", "Develop a technology or change government (revolution)",
         "A technology from your hand (pick from the list)"),
    Verb("play", "Play a leader or an action card",
         "A leader or an action card (pick from the list)"),
    Verb("wonder", "Build stages of your wonder under construction",
         "How many stages (pick from the list)"),
    Verb("tactic", "Set up a tactic, or copy one from the tactics area",
         "A tactic (pick from the list)"),
    Verb("politics", "Your political action, an event's question, or none",
         "A political action or an answer (pick from the list)"),
    Verb("bid", "Colonization: bid strength, drop out, or send the colonization force",
         "A bid or the units to send (pick from the list)"),
)
FAMILY_KINDS = {
    "take": {"take"},
    "build": {"population", "build", "upgrade", "destroy", "disband", "convert", "bach",
              "barbarossa", "liner", "trade_routes"},  # C-109: an exchange, like a conversion
    "develop": {"develop", "revolution"},
    "play": {"leader", "play", "churchill"},
    "wonder": {"wonder"},
    "tactic": {"tactic", "copy"},
    # the political action of the full game (F-POL-1) and every answer it asks of someone:
    # a defence (F-AGGR-8), a pact offer (F-PACT-3), the spoils of an aggression or a war
    # (C-91…C-100, F-WAR-5) and the confirmation of a resignation (G-ASYNC-11)
    "politics": {"prepare", "columbus", "alexander", "done", "choose",
                 "aggression", "war", "offer", "cancel_pact", "resign", "resign_confirm", "back",
                 "bonus", "accept", "refuse", "steal", "science",
                 "plunder", "raid", "annex", "infiltrate"},
    "bid": {"bid", "send", "add"},
}
# "pass" ends a politics phase, an event's optional benefit or a colonisation bid
PASS_PROMPTS = {"politics": {"politics", "ev"}, "bid": {"bid"}}


# a kind that is an answer only in one prompt: "discard" is a defence's face-down card there
# (F-AGGR-8), but the end of turn's military discard elsewhere (left to /tta choose)
PROMPT_KINDS = {"politics": {"defend": {"discard"}}}


def in_family(d: Decision, prompt_kind: str, family: str) -> bool:
    if family == ANY or d.kind in FAMILY_KINDS.get(family, set()):
        return True
    if d.kind in PROMPT_KINDS.get(family, {}).get(prompt_kind, set()):
        return True
    return d.kind == "pass" and prompt_kind in PASS_PROMPTS.get(family, set())


def first_step(prompt_kind: str, family: str) -> Decision | None:
    """Every TtA step names its card or amount: the verb alone opens the prompt."""
    return None


def notation_text(family: str, text: str) -> str:
    return text.strip()
