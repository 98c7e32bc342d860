"""Benchmarks: ``make bench`` (``python -m benchmarks``). Each benchmark checks that its fast
path and its reference agree on the input, then prints median times and their ratio."""
