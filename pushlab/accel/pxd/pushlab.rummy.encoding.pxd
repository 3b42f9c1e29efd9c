# Cython declarations for pushlab/rummy/encoding.py (an "augmenting .pxd": the .py stays the
# pure-Python reference; pushlab.accel's build compiles it with these types).
import cython

@cython.locals(counts=list, wilds=cython.int, slot=tuple, order=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef tuple hand_key(hand)
