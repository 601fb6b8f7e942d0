"""Exports of what the window shows: pictures, listings, the derivation as a web page."""
