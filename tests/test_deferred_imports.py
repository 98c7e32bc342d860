"""``import workbench`` does not pay for what it does not use (workbench/deferred_imports.py):
jsonschema's IRI grammars are compiled only when an IRI is checked, and then they work."""

import subprocess
import sys

CHECK = """
import sys
import workbench, jsonschema
assert "rfc3987_syntax.syntax_helpers" not in sys.modules, "compiled at import"
checker = jsonschema.FormatChecker()
assert checker.conforms("http://example.org/a", "iri")
assert not checker.conforms("ht tp://example", "iri")
assert "rfc3987_syntax.syntax_helpers" in sys.modules, "the real package, once used"
print("ok")
"""


def test_importing_workbench_puts_off_the_iri_grammars_and_they_still_work_when_used():
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
