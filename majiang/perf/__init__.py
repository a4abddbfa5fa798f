"""Throughput measurement behind `majiang bench`, outside the package's core: no layer imports it.

`sample` builds the fixed hands every implementation sees; `ours`, `peers` and `hands` make the
runners (majiang's analysis, peer libraries' analysis, whole hands played by bots); `bench` lists
every case once (`REGISTRY`, with its `BARS`) and measures them; `cli` is the `majiang bench`
command.
"""
