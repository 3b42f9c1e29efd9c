"""ipywidgets views of pushlab's games, organised by role: they observe a game and call ``apply``; no rules here.

- :mod:`~pushlab.widgets.render` -- pure HTML shared by both games: the style sheet, boxes,
  the log, and the one card renderer (``render.cards``) that the engines' ``_repr_html_``
  import lazily; ``render.luck`` and ``render.rummy`` draw each game's table, odds and advice;
- :mod:`~pushlab.widgets.session` -- the UI-free play controller both games' sessions build
  on (``luck_session.LuckSession``, ``rummy_session.RummySession``): it raises, the UI shows;
- the apps: ``luck_app.PlayApp``, ``rummy_app.PlayApp``;
- the lesson blocks: ``lessons.StepPlayer`` (the scripted player), ``luck_lessons``
  (``TableView``, ``OddsPanel``, ``StepThrough``, ``CompareSteps``), ``rummy_lessons``
  (``MeldChecker``, ``PushDraw``, ``StepThrough``), ``banking`` (lesson 08), ``live``;
- plumbing: ``common`` (the message area and error routing), ``links``, ``language``.

``pushlab.widgets.luck`` and ``pushlab.widgets.rummy`` still export every name the lessons
import (``from pushlab.widgets.luck import PlayApp``).

>>> from pushlab.widgets import luck
>>> hasattr(luck, "PlayApp")
True
"""
