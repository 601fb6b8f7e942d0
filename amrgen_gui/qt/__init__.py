"""The Qt side of the application: the main window, its menus, dialogs, views and exports."""
