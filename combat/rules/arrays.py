"""The numpy array types the fast paths (combat/rules/<system>/fast) share: one row per fight,
one column per combatant."""

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]
