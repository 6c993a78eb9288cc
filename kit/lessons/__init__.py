"""Helpers the lesson notebooks call: each notebook cell is one short call here."""
