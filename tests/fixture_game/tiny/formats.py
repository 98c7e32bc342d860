"""``workbench.track.tiny/1``: a Tiny Race track (a test fixture).

```
{"format": "workbench.track.tiny/1", "name": "Short", "length": 6, "pits": [3]}
```
"""

from __future__ import annotations

from workbench.games.tiny.boards import Track

from workbench.files.errors import Where
from workbench.files.registry import Document, Format, register


def decode(document: Document, where: Where) -> Track:
    return Track(document["name"], document["length"], tuple(document.get("pits", ())))


def encode(track: Track) -> Document:
    return {"name": track.name, "length": track.length, "pits": list(track.pits)}


FORMAT = register(
    Format(
        name="workbench.track.tiny",
        version=1,
        schema="track-tiny-1.json",
        schemas="workbench.games.tiny.boards",
        kind=Track,
        decode=decode,
        encode=encode,
    )
)
