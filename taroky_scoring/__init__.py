"""Nebraska Taroky rules: pure Python, no Django."""
