"""Panzer Vor!'s benchmarks (``make bench``, ``benchmarks/``): its hex core (line of sight,
reach, odds, redraw), whole games, large boards, the designer's work, and what it declares
for the generic benchmarks (``workbench.testing.bench_cases``): its boards for lint's
estimates, the balance lab's sweep and the browser's click. Each module here is found by
``workbench.discovery.parts("bench")``."""
