"""What a student's page may do with the store, and nothing more.

A :class:`StudentDesk` is bound to one experiment (its join code) and one anonymous
student token: it records that student's finished tries into that experiment only, and
reads the class's counts and the student's own tries. Other students' nicknames are
readable only while the teacher shows them (:class:`~pushlab.classroom.tries.NotAllowed`
otherwise). The teacher's dashboard uses the store itself.

>>> import os, tempfile
>>> from pushlab.classroom import open_store
>>> from pushlab.classroom.experiments import FourthCard
>>> store = open_store(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> code = start(store, FourthCard.default())
>>> desk = StudentDesk(store, code)
>>> class Done: outcome, choice = 1, None
>>> desk.record(Done, nickname="Ann").outcome, desk.counts()
(1, (1, 1))
"""

from __future__ import annotations

from pushlab.classroom.experiments import Experiment
from pushlab.classroom.tries import ClassroomError, Try, check_code, new_student

__all__ = ["StudentDesk", "start"]


def start(store, experiment: Experiment, code: str | None = None) -> str:
    """Store ``experiment`` (its reference computed once, here) and open it; its join code."""
    ready = experiment.prepared()
    return store.create(ready.kind, ready.title(), ready.params(), ready.outcomes, ready.choices, code=code)


class StudentDesk:
    """One student's access to one experiment (see the module doc)."""

    def __init__(self, store, code: str, student: str | None = None):
        self.store = store
        self.code = check_code(code)
        record = store.experiment(self.code)
        self.experiment = Experiment.from_record(record.kind, record.params)
        self.student = student or new_student()

    def record(self, task, nickname: str = ""):
        """Store the finished ``task`` (its ``outcome`` and ``choice``) as this student's try."""
        if task.outcome is None:
            raise ClassroomError("the try is not finished")
        return self.store.add(Try(self.code, self.student, int(task.outcome), task.choice, nickname))

    def mine(self) -> list:
        """This student's tries in the current round."""
        return self.store.mine(self.code, self.student)

    def counts(self) -> tuple:
        """``(students, tries)`` of the class in the current round."""
        return self.store.counts(self.code)

    def state(self) -> str:
        """``"open"``, ``"paused"`` or ``"closed"``."""
        return self.store.experiment(self.code).state

    def names(self) -> list:
        """The class's nicknames with their tries, only while the teacher shows them."""
        return self.store.names(self.code)
