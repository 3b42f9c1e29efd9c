# Cython declarations for pushlab/rummy/game.py (an "augmenting .pxd": the .py stays the
# pure-Python reference; pushlab.accel's build compiles it with these types). The light steps
# and their successor: a state's __dict__ and its copy read and written as dicts (no method
# lookup for copy, no generic item calls), the lists they build as lists; the successor is a
# C call from each step. Only names that hold one type all along are typed.
import cython

@cython.locals(evs=list, n=cython.Py_ssize_t)
cpdef _successor(dict nd, dict d, tuple events)

@cython.locals(nd=dict, hands=list)
cpdef _light_take(dict d, action)

@cython.locals(nd=dict, hands=list, got=list)
cpdef _light_push(dict d, action)

@cython.locals(nd=dict, hands=list)
cpdef _light_discard(dict d, action)

@cython.locals(nd=dict)
cpdef _light_layoff(dict d, action)

@cython.locals(nd=dict, hand=list)
cpdef _light_meld(dict d, action)

@cython.locals(nd=dict)
cpdef _light_replace(dict d, action)
