# Cython declarations for pushlab/rummy/bots.py (an "augmenting .pxd": the .py stays the
# pure-Python reference; pushlab.accel's build compiles it with these types). The C integers
# hold a card's order (1..99) and natural indices (0..52).
import cython

@cython.locals(left=list, slot=tuple, out=list, order=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef list _outside_plan(hand, used, barred)
