"""`--option KEY=VALUE` of the benchmarks: a game option given on the command line."""

from __future__ import annotations

import argparse
import json


def parse_option(text: str) -> tuple[str, object]:
    """`KEY=VALUE` as an option pair: the value as JSON when it reads as such (a number,
    true), else the text."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    try:
        return key, json.loads(raw)
    except ValueError:
        return key, raw
