"""The thin HTTP edge: auth and tenancy, validation, SSE streaming of the agent's steps."""
