"""Pictures of games, drawn with Pillow from engine views only (never from raw state)."""
