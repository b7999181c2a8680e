"""The ``groundmesh`` sub-commands, one module each; ``mesh.cli`` assembles them."""
