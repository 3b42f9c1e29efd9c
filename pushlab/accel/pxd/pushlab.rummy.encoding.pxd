# Cython declarations for pushlab/rummy/encoding.py (an "augmenting .pxd": the .py stays the
# pure-Python reference; pushlab.accel's build compiles it with these types).
import cython

@cython.locals(counts=list, wilds=cython.int, i=cython.int, idx=dict)
cpdef tuple hand_key(hand)
