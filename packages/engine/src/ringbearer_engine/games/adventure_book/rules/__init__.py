"""The rules of the Adventure Book Game, one small module per topic.

The top-level modules hold what the game is (content, state, actions, events, views, bots) and
:mod:`..game` dispatches each action to the rule module that resolves it.
"""
