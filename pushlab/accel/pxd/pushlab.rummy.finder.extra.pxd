# Cython declarations for pushlab/rummy/finder/extra.py (an "augmenting .pxd": the .py stays
# the pure-Python reference; pushlab.accel's build compiles it with these types). The C
# integers hold card indices (0..51), run values (0..14), suits, ranks, wild counts and
# bitmasks of suits (4 bits) or run values (15 bits): far inside 32 bits. Masks of the 52
# naturals (_naturals_of) stay Python ints. Table infos are plain tuples (table_infos): typed
# tuple, an exact-type check, so a named SetInfo/RunInfo passed in would be refused.
import cython

@cython.locals(d=dict, cards=tuple, start=cython.int)
cpdef tuple _table_info(meld)

@cython.locals(by_id=dict, hit=tuple, infos=list, d=dict)
cpdef list table_infos(table_melds)

@cython.locals(wilds=cython.int, i=cython.int, s=cython.int, r=cython.int, counts=list,
               by_rank=list, by_suit=list, idx=dict)
cpdef tuple hand_data(cards)

@cython.locals(idx=tuple, lows=list, highs=list, ups=list, out=list, nhi=cython.int,
               nlo=cython.int, v=cython.int, gaps=cython.int, low_gaps=cython.int,
               nat=tuple, low_nat=tuple)
cpdef tuple _run_enumeration(int s, int lo, int hi, tuple held, int wilds)

@cython.locals(i=cython.int, s=cython.int, r=cython.int, held=cython.long, mine=cython.long,
               with_card=cython.long, v=cython.int, lo=cython.int, hi=cython.int,
               gaps=cython.long, info=tuple)
cpdef bint might_place_data(card, int wilds, list by_rank, list by_suit, infos)

@cython.locals(i=cython.Py_ssize_t, r=cython.int, size=cython.int, s=cython.int,
               lo=cython.int, hi=cython.int, free=cython.long, held=cython.long, targets=list,
               reach=dict, sets=dict, runs=dict, k=cython.long, mask=cython.long,
               near=cython.long, info=tuple, suits=tuple, t=cython.int)
cpdef list _targets(infos, list by_rank, list by_suit, int wilds)

cpdef tuple run_options(int s, int lo, int hi, long near, int wilds)

@cython.locals(x=cython.long, keep=cython.long, gaps=cython.long, top=cython.long,
               bottom=cython.long)
cpdef long near_values(long held, int lo, int hi, int wilds)

@cython.locals(a=cython.long, b=cython.long, c=cython.long, d=cython.long)
cpdef tuple _possible(list by_rank, list by_suit, Py_ssize_t size, int wilds)

@cython.locals(rank=cython.int, s=cython.int, m=cython.long, cands=list, by=dict, k=cython.long)
cpdef list _new_cands(list by_rank, list by_suit, Py_ssize_t size, int wilds)

@cython.locals(x=cython.int)
cdef bint _short(list cnt, tuple nat)

@cython.locals(x=cython.int)
cdef inline bint _lacks(list cnt, tuple nat)

@cython.locals(i=cython.int)
cdef _run_card(int s, int v, tuple counts_nat, pool)

@cython.locals(spare=cython.int, take=cython.int, i=cython.Py_ssize_t, s=cython.int,
               lo=cython.int, hi=cython.int, nlo=cython.int, nhi=cython.int, more=cython.int,
               up=cython.int, extras=list, melds=list, layoffs=list, add=list, planned=dict,
               info=tuple, plan=list, k=cython.Py_ssize_t)
cpdef _extra_result(cards, infos, list chosen, lays, int need, int wilds)


cdef class ExtraSearch:
    cdef public object cards, counts, infos, best
    cdef public int wilds, max_nodes, room0, val, nodes
    cdef public bint shortcut, ample
    cdef public list targets, cands, cnt, aug, getters
    cdef public dict memo

    @cython.locals(cnt=list, targets=list, key=tuple, best=tuple, best_val=cython.int,
                   i=cython.int, room=cython.int, w=cython.int, pen=cython.int,
                   distinct=cython.bint, x=cython.int, val=cython.int, nd=cython.int,
                   ch=tuple, nat=tuple)
    cpdef tuple suffix(self, int t, int need)

    @cython.locals(cnt=list, i=cython.int, room=cython.int, w=cython.int, pen=cython.int,
                   distinct=cython.bint, x=cython.int, nat=tuple)
    cpdef lay(self, int t, int need, int added, int value, list chosen, list lays)

    @cython.locals(room=cython.int, val=cython.int, sk=tuple)
    cpdef finish(self, int need, int added, int value, list chosen, list lays)

    @cython.locals(cnt=list, cands=list, j=cython.Py_ssize_t, sk=tuple, nat=tuple, x=cython.int,
                   val=cython.int, nd=cython.int, ch=tuple)
    cpdef pick(self, Py_ssize_t start, int need, int value, list chosen)

@cython.locals(by_id=dict, hit=tuple)
cpdef tuple _augmented(opts)
