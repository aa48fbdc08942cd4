"""Pieces shared by both games: the state protocol, errors, outcomes, JSON saves, seats and simulation."""
