"""Agora's own version: every game record names it (engine/record.py), beside the rules version
of its game (`GameInfo.rules_version`). Kept equal to pyproject.toml's `version` (a test checks
it); the engine cannot ask the installed package, because it also runs from a bare checkout."""

AGORA_VERSION = "0.1.0"
