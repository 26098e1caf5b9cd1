"""Cells a spreadsheet would run as a formula (OWASP's CSV injection): the export defuses them, the import reads them
back.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google
Sheets (`=HYPERLINK(...)`, `@SUM(...)`, `-2+3`), which a shoe's name or description written by an admin (or a file
someone handed them) could carry into the spreadsheet of whoever opens the export. The export writes such a cell
with a leading `'`, which makes it text. So that the import can take the `'` off again without ever eating one that
belongs to the value, a value that itself starts with `'` followed by one of those characters, or by another `'`, is
prefixed too. The import removes one leading `'` only there, where the export would have put it: a hand-written
`'Classic` or `'90s` is read as written; a hand-written `'=x` is read as `=x`, which is what the shop stores anyway.
"""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED = (*FORMULA_STARTS, "'")


def cell_escape(value: str) -> str:
    """The cell as the export writes it: a formula made text with a leading '."""
    return f"'{value}" if value.startswith(_ESCAPED) and (value[0] != "'" or value[1:].startswith(_ESCAPED)) else value


def cell_unescape(cell: str) -> str:
    """The value a cell of an export holds: the ' the export put in front taken off, and only that one."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_ESCAPED) else cell
