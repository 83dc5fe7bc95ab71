"""Drawing Freedom's route map: layout, names, figure, the drawing of a view and its clicks.

One module per concern (:mod:`freight_freedom.freedom.view` gathers their names for the app and
the notebooks):

- :mod:`.layout`: the projection and the layout of everything that never moves, computed once
  per map and stored for the packaged one (``data/map_layout.json``, read at run time);
- :mod:`.labels`: a name's text, size and box, and whether a spot suits it;
- :mod:`.label_placer` and :mod:`.label_solve`: a spot for every name at once, run only when a
  layout is computed (``python -m freight_freedom.freedom.view`` rewrites the stored one, a
  teacher's own map is laid out on first drawing);
- :mod:`.figure`: the figure's traces and layout, the colours and key;
- :mod:`.draw`: drawing a view (``game.view()``) and the app's selection on it, the advisor's
  hints and the last moves' arrows;
- :mod:`.click`: what a click on the map means and a movement as two drop-down choices;
- :mod:`.puzzle_marks`: a puzzle's choices ringed on the map.

The rules never import this package: it draws from the per-seat view.
"""
