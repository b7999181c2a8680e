from cli.app import app

app()
