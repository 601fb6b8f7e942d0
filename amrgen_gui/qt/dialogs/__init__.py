"""The application's dialogs, each opened from a menu."""
