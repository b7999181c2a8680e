import asyncio

from retrieval_svc.server import main

asyncio.run(main())
