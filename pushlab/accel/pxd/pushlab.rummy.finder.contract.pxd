# Cython declarations for pushlab/rummy/finder/contract.py (an "augmenting .pxd": the .py
# stays the pure-Python reference; pushlab.accel's build compiles it with these types).
# Every C integer here holds a card index (0..51), a run value (1..14), a wild count, a
# suit, a rank or a bitmask of run values (bits 0..14 shifted by at most 14): far inside 32 bits.
import cython

@cython.locals(j=cython.int, i=cython.int, opts=list, per=list, used=list, groups=list,
               smallest=list, g=list)
cpdef tuple _rank_options(int rank, tuple cs, int m)

@cython.locals(i=cython.int, j=cython.int, want=cython.int, need=cython.int, k=cython.int,
               by_rank=list, cache=dict, cs=bytes, ranks=list, one=list, opts=tuple, o=tuple,
               others=list, used=tuple, groups=tuple)
cpdef _sets_plan(bytes key, int m)

@cython.locals(s=cython.int, d=cython.int, need_r=cython.int, lo=cython.int, rank=cython.int,
               shared=cython.int, least_set=cython.int, avail=dict, touched=dict, order=list,
               suits=list, part=bytes, used0=tuple, i=cython.int)
cpdef _set_run_plan(tuple counts, bytes key, int m)

@cython.locals(s1=cython.int, s2=cython.int, need=cython.int, bound=cython.int, one=tuple,
               after=list, c0=dict, c1=dict, c2=dict, c3=dict, p0=bytes, p1=bytes, p2=bytes,
               p3=bytes, first=tuple, other=tuple, two=tuple, best=tuple)
cpdef _runs_plan(tuple counts, bytes key, int m)

@cython.locals(cache=dict, need=cython.int, lo=cython.int)
cpdef _suit_best(bytes part, tuple counts, int m, int s)

@cython.locals(cache=dict)
cpdef tuple _wins0(bytes part, tuple counts, int d, int m)

@cython.locals(a=cython.int, b=cython.int, w1=cython.long, w2=cython.long, n1=cython.int,
               n2=cython.int, top=cython.int, full=cython.long, once=cython.long,
               clash=cython.int, got_n=cython.int, need=cython.int, ace_once=cython.bint,
               masks=list, wins=tuple)
cpdef _suit_pair(int s, tuple pattern, int m)


@cython.locals(idx=tuple, held=list, ids=list, top=cython.int, out=list, last=cython.int,
               n=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t, v=cython.int,
               lo=cython.int, end=cython.int, used=tuple)
cpdef tuple _suit_windows(int s, tuple pattern, int m)

@cython.locals(d=cython.int)
cpdef _in_suit(plan, int s)

cpdef _plan(tuple counts, bytes key, int deal)

@cython.locals(key=bytes, cache=dict)
cpdef deficit_plan(counts, deal)
