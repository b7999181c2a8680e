import asyncio

from gateway.server import main

asyncio.run(main())
