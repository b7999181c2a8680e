"""Test doubles that speak real wire protocols (used by the test suites, never in production)."""
