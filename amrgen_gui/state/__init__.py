"""The application's state without Qt: the workspace, corpus generation, what views compute per session."""
