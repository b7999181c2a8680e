from mesh.cli import app

app()
