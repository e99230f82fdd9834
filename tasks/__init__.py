"""Manno Monster task catalogue, difficulty grader and generator (built on ``solver``)."""
