"""The engines of monster-solver: one package per game, no web or CLI code."""
