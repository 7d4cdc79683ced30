"""Component definitions as data files, loaded and validated once at import time."""
