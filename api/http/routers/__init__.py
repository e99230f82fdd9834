"""One router per game, all under ``/v1/<game>/``."""
