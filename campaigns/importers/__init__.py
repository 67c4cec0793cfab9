"""Importers that fill the shared library (records with no campaign) from published data.

One module per data source; each reads files, maps entries with a pure mapper from the rules
core, and writes in one transaction. The management commands only call them and print.
"""
