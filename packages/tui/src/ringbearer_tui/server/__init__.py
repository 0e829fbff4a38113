"""``ringbearer serve``: play over SSH, one app process per connection in its own PTY."""
