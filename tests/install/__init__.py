"""Tests of the built sdist and wheel, installed into fresh venvs."""
