"""The rules of the Adventure Game, one concern per module.

``setup`` builds the opening position, ``deck`` draws and reshuffles, ``moves`` carries pawns
and applies what a space does on arrival, ``legal`` lists the options of the deciding seat,
``resolve`` carries out an action, ``turns`` passes the turn and spots the end, and
``explain`` words prompts and refusals.
"""
