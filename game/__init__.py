"""Headless rules cores for Catch Don Falconi and Fredericus.

Nothing under ``game/`` imports pygame: rules, bots, saves and simulations run without a screen.
"""
