"""ipywidgets views of pushlab's games: they observe a game and call ``apply``; no rules here.

- :mod:`pushlab.widgets.common` -- card/table HTML helpers and the error-routing helper;
- :mod:`pushlab.widgets.luck`   -- Push (push-your-luck): ``TableView``, ``StepThrough``,
  ``OddsPanel``, ``PlayApp`` and the ``LuckSession`` controller.
- :mod:`pushlab.widgets.rummy`  -- Push (contract rummy): playing-card HTML, ``MeldChecker``,
  ``PushDraw``, ``StepThrough``, ``OddsPanel``, ``PlayApp`` and the ``RummySession`` controller.

>>> from pushlab.widgets import luck
>>> hasattr(luck, "PlayApp")
True
"""
