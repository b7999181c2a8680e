"""The groundmesh command line: run the mesh, ingest, ask, evaluate, benchmark.

It sits on top of the services (it starts them and talks to the gateway); ``mesh`` never
imports it.
"""
