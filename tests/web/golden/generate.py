"""Write the golden files again: ``.venv/bin/python tests/web/golden/generate.py``.

Builds every output (see ``outputs``: the data set, the fixed clock, reportlab's
invariant mode and the renumbered keys) in a throwaway database made with the test
settings, and replaces ``tests/web/golden/files/`` with them. A changed golden file is a
changed output: read the diff before committing it.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "taroky_site.settings_test")
    # Django is set up before the app's modules are imported: they define models.
    import django

    django.setup()
    from django.test.utils import setup_databases, setup_test_environment, teardown_databases

    from tests.web.golden import outputs

    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        files = outputs.build()
    finally:
        teardown_databases(databases, verbosity=0)
    outputs.write(files)
    print(f"Wrote {len(files)} golden files to {outputs.FILES.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
