"""Manno Monster: tokens, tasks and the engines that solve them."""
