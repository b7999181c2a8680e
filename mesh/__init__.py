"""The little that every Groundmesh service shares: config, errors, telemetry, gRPC bootstrap."""
