"""The ``groundmesh`` sub-commands, one module each; ``cli.app`` assembles them."""
