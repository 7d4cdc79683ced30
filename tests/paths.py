"""Where things are, for tests at any depth of tests/: the checkout's root and the fixture
files (databases made by older versions of the bot)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
