"""The normal form of a call's query: requests that mean the same read the same."""

import pytest
from django.http import QueryDict

from shopsite.queries import KnownQuery

SHOES = KnownQuery(paged=True, folded=("name", "brand", "color"), kept=("ordering",))


def normal(query: KnownQuery, text: str) -> str:
    return query(QueryDict(text)).urlencode()


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("", ""),
        # Unknown parameters are dropped, known ones come in name order.
        ("z=1", ""),
        ("z=1&name=air&format=json&page=2", "name=air"),
        ("offset=28&name=air&limit=28", "limit=28&name=air&offset=28"),
        # The filters that ignore case, in lower case; the others as given.
        ("name=Storm%20Glide&brand=NIKE&color=Red", "brand=nike&color=red&name=storm+glide"),
        ("ordering=-price", "ordering=-price"),
        # Outer spaces go, a blank value is none.
        ("name=%20air%20&brand=&color=%20%20", "name=air"),
        # Of a repeated parameter the last counts.
        ("name=alpha&name=beta", "name=beta"),
        ("limit=5&limit=10", "limit=10"),
        # Defaults: offset 0, or one that is not a number of items, is the first page.
        ("offset=0", ""),
        ("offset=-5&offset=", ""),
        ("offset=abc", ""),
        ("offset=007", "offset=7"),
        ("offset=" + "9" * 5000, ""),
        # A limit, whatever it says, asks for a page of the size the paging gives: 1 to 100.
        ("limit=28", "limit=28"),
        ("limit=028", "limit=28"),
        ("limit=500", "limit=100"),
        ("limit=0", "limit=100"),
        ("limit=-1", "limit=100"),
        ("limit=abc", "limit=100"),
        ("limit=", "limit=100"),
        ("limit=1e9", "limit=100"),
    ],
)
def test_the_shoe_list(given, expected):
    assert normal(SHOES, given) == expected


def test_a_call_that_is_not_paged_knows_no_limit_or_offset():
    assert normal(KnownQuery(folded=("brand",)), "brand=Vans&limit=5&offset=10") == "brand=vans"


def test_a_call_with_no_parameters_drops_them_all():
    assert normal(KnownQuery(), "z=1&limit=5&name=air") == ""


def test_kept_values_keep_their_case():
    assert normal(KnownQuery(paged=True, kept=("shoeId",)), "shoeId=12&SHOEID=4") == "shoeId=12"


def test_the_normal_form_is_its_own_normal_form():
    once = SHOES(QueryDict("z=1&offset=0028&name=%20Air&limit=abc&brand=Nike&brand=VANS&ordering=price"))
    assert SHOES(once) == once
    assert once.urlencode() == "brand=vans&limit=100&name=air&offset=28&ordering=price"


def test_the_normal_form_cannot_be_changed():
    with pytest.raises(AttributeError):
        SHOES(QueryDict("name=air"))["name"] = "other"
