"""On PostgreSQL, the activity log's table refuses UPDATE and DELETE, whoever sends them (the ORM, raw SQL, psql).

TRUNCATE is left to the database's owner (an operator clearing a test shop; the tests' flush between transactional
tests): the shop itself never truncates. SQLite, the demo's database, has only the model's refusals.
"""

from django.db import migrations

TABLE = "activity_entry"

CREATE = f"""
CREATE OR REPLACE FUNCTION activity_entry_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'The activity log is append-only: % refused on {TABLE}', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER activity_entry_append_only
    BEFORE UPDATE OR DELETE ON {TABLE}
    FOR EACH ROW EXECUTE FUNCTION activity_entry_append_only();
"""

DROP = f"""
DROP TRIGGER IF EXISTS activity_entry_append_only ON {TABLE};
DROP FUNCTION IF EXISTS activity_entry_append_only();
"""


def _on_postgresql(sql: str):
    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor == "postgresql":
            # Not schema_editor.execute, which formats the SQL with its parameters: RAISE's own % would break it.
            with schema_editor.connection.cursor() as cursor:
                cursor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("activity", "0001_initial")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
