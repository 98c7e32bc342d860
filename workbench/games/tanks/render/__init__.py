"""TANKS's pictures: scenes of its boards, states and results, registered with
``workbench.render``.

``workbench.render`` is imported first, whichever of these modules is asked for first: it
imports every game's render modules in turn (each registers with its ``scene_of``), so a
module here that another one imports is never met half-imported."""

import workbench.render  # noqa: F401  (see the module)
