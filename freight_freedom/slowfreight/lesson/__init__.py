"""Slow Freight's teaching material: its lesson (:mod:`.lesson`) and its puzzles (:mod:`.puzzles`).

Built on the shared :mod:`freight_freedom.lessons` (steps, questions, the puzzle search) and read
through Slow Freight's entry (its ``lesson`` and ``puzzles``), so this sits at the lessons' layer.
"""
