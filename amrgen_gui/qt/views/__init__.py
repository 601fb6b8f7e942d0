"""The views of the application: each one shows part of a
:class:`~amrgen_gui.qt.model.SessionModel` and changes nothing but what it shows."""
