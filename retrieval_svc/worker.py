"""``python -m retrieval_svc.worker``: a retrieval process in the ``worker`` role.

The same process as ``python -m retrieval_svc`` with ``GROUNDMESH_RETRIEVAL_ROLE=worker``: it
runs ingest jobs from the shared queue (``GROUNDMESH_RETRIEVAL_JOBS_REDIS_URL``, required) and
serves gRPC health for its probes; the search Service does not route to it. Kubernetes scales
these pods apart from the search replicas (deploy/overlays/prod/retrieval-worker.yaml).
"""

import asyncio
import os

from retrieval_svc.server import main

if __name__ == "__main__":
    os.environ["GROUNDMESH_RETRIEVAL_ROLE"] = "worker"
    asyncio.run(main())
