import asyncio

from router_svc.server import main

asyncio.run(main())
