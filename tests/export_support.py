"""What makes an exported page safe to open, read from its bytes: shared by the export's unit
tests and its browser test (RELIABILITY.md, "An exported page")."""

from __future__ import annotations

import base64
import hashlib
import re

POLICY_NEEDS = (
    "default-src 'none'",
    "connect-src 'none'",
    "img-src data:",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
)
_SCRIPTS = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def page_problems(text: str) -> list[str]:
    """Why a page is not safe to open as the export promises (empty: it is): an address
    (``http:``, ``https:`` or ``//`` anywhere), anything that loads (``src=``, ``href=``,
    ``url(``, ``@import``), a policy that allows a connection or another script, or a script
    the policy does not allow by its hash."""
    problems = []
    for pattern in (r"(?i)http:", r"(?i)https:", r"//", r"(?i)\bsrc\s*=", r"(?i)\bhref\s*=",
                    r"(?i)url\(", r"(?i)@import"):  # fmt: skip
        for found in re.finditer(pattern, text):
            context = text[max(0, found.start() - 40) : found.end() + 40]
            problems.append(f"{pattern} at {found.start()}: {context!r}")
            break
    policies = _POLICY.findall(text)
    if len(policies) != 1 or text.find("Content-Security-Policy") > text.find("<style"):
        problems.append(f"not one policy before the style: {policies}")
        return problems
    policy = policies[0]
    problems += [f"the policy lacks {need}" for need in POLICY_NEEDS if need not in policy]
    allowed = re.search(r"script-src ([^;]*)", policy)
    hashes = set(allowed.group(1).split()) if allowed else set()
    run = [m for m in _SCRIPTS.finditer(text) if "application/json" not in m["attributes"]]
    if len(run) != 1:
        problems.append(f"{len(run)} scripts that run (the page has one)")
    for script in run:
        digest = base64.b64encode(hashlib.sha256(script["body"].encode()).digest()).decode()
        if hashes != {f"'sha256-{digest}'"}:
            problems.append(f"script-src {hashes} does not allow exactly the page's script")
    return problems
