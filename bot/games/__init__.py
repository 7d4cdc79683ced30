"""One small command module per game (named after its registry id): the game's own verbs."""
