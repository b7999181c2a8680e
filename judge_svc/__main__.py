import asyncio

from judge_svc.server import main

asyncio.run(main())
