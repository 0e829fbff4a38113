"""Shared tables: the messages a game process and the server's table service exchange, and
the game process's side of them (a remote session the game screen plays on)."""
