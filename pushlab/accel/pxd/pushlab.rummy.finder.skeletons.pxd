# Cython declarations for pushlab/rummy/finder/skeletons.py (an "augmenting .pxd": the .py
# stays the pure-Python reference; pushlab.accel's build compiles it with these types). The C
# integers hold suits, run values (1..14), counts of cards and penalties: far inside 32 bits.
import cython

@cython.locals(length=cython.int, lo=cython.int)
cpdef tuple _default_window(tuple sk, int extra)

@cython.locals(out=list, pens=list, ids=list, n=cython.Py_ssize_t, longest=cython.int,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t, first=cython.int, last=cython.int,
               value=cython.int, size=cython.int, need=cython.int)
cpdef tuple _slice_run_skels(int s, tuple vals, int minsize, int wilds=*)
