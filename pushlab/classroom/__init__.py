"""Class experiments: every student's tries pooled live into one picture, beside the exact answer.

- :mod:`~pushlab.classroom.tries` -- :class:`Try`, one student's finished try, checked as a
  value before it is stored, and the domain errors (:class:`ClassroomError`);
- :mod:`~pushlab.classroom.store` -- where tries are kept: SQLite (standard library) by
  default, PostgreSQL through psycopg for a school's hub (:func:`open_store`);
- :mod:`~pushlab.classroom.experiments` -- the experiments a teacher starts, each with the
  exact answer the library computes;
- :mod:`~pushlab.classroom.student` and :mod:`~pushlab.classroom.teacher` -- the student
  app and the teacher's live dashboard (ipywidgets, for Voilà).

This face imports only the value types and the store (no games, no widgets).
"""

from pushlab.classroom.store import ENV, Store, StoreError, default_path, open_store
from pushlab.classroom.tries import ClassroomError, NotAllowed, Try, TryRefused

__all__ = ["ENV", "ClassroomError", "NotAllowed", "Store", "StoreError", "Try", "TryRefused",
           "default_path", "open_store"]
