"""Catch Don Falconi: the headless rules engine for all five pizzas (rulings F-1 … F-9)."""
