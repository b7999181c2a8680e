"""Generated protobuf stubs for groundmesh.v1; do not edit."""
