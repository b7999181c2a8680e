import asyncio

from agent_svc.server import main

asyncio.run(main())
