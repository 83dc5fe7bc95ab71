"""The classroom tests (a package, so its conftest and modules do not shadow the suite's)."""
