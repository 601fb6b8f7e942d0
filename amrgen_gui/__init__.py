"""The amrgen desktop application."""
