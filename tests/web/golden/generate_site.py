"""Write the results website's golden files again:
``.venv/bin/python tests/web/golden/generate_site.py``.

Builds the Sokol cup's site (see ``site_outputs``) in a throwaway database made with the
test settings, and replaces ``tests/web/golden/site_files/`` with it. A changed golden
file is a changed page: read the diff before committing it.
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

    from tests.web.golden import site_outputs

    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        files = site_outputs.build()
    finally:
        teardown_databases(databases, verbosity=0)
    site_outputs.write(files)
    print(f"Wrote {len(files)} golden files to {site_outputs.FILES.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
