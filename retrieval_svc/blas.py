"""Keep numpy's OpenBLAS on one thread in retrieval_svc.

A search multiplies one query vector by the chunk matrix (a matrix-vector product): OpenBLAS's
worker threads add nothing there but contend with the other search leg and the embedder; on a
busy 2-core machine they made a 20k-chunk product 7x slower (measured: 20 ms vs 3 ms).
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os

import numpy as np

log = logging.getLogger(__name__)
_SETTERS = (
    "scipy_openblas_set_num_threads64_",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)


def single_threaded_blas() -> bool:
    """Set numpy's OpenBLAS to one thread; False when no OpenBLAS setter was found."""
    libs = os.path.join(os.path.dirname(os.path.dirname(np.__file__)), "numpy.libs")
    for path in sorted(glob.glob(os.path.join(libs, "*openblas*.so*"))):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in _SETTERS:
            setter = getattr(lib, name, None)
            if setter is not None:
                setter(ctypes.c_int(1))
                return True
    log.info("OpenBLAS thread setter not found; BLAS threads left as configured")
    return False
