"""The country of a time zone: from the zone database's table, old names through the zone they
stand for, and no country for zones that are no place."""

from __future__ import annotations

import pytest

from bot.kernel.places import country_of, in_the_americas
from bot.planner.reader.measures import IMPERIAL_PINT_ML, US_PINT_ML, measures_in


@pytest.mark.parametrize(
    ("zone", "country"),
    [
        ("America/Chicago", "US"),
        ("Pacific/Honolulu", "US"),
        ("Europe/Zurich", "CH"),
        ("Atlantic/Canary", "ES"),
        ("America/Argentina/Cordoba", "AR"),
        # old names, links to the zone they stand for
        ("US/Pacific", "US"),
        ("Asia/Calcutta", "IN"),
        ("Europe/Belfast", "GB"),
        ("Eire", "IE"),
        ("NZ", "NZ"),  # Pacific/Auckland's, not Antarctica's (McMurdo is a link to it)
        ("Canada/Eastern", "CA"),  # America/Toronto's, not the Bahamas' (a link to it)
        ("Asia/Saigon", "VN"),
    ],
)
def test_a_zone_is_in_its_country(zone: str, country: str) -> None:
    assert country_of(zone) == country


@pytest.mark.parametrize("zone", ["UTC", "Etc/GMT+5", "Factory", "Mars/Olympus", "", "../x"])
def test_a_zone_of_no_place_is_in_no_country(zone: str) -> None:
    assert country_of(zone) is None
    assert not in_the_americas(zone)


@pytest.mark.parametrize(
    ("zone", "pint"),
    [
        ("US/Eastern", US_PINT_ML),
        ("America/Mexico_City", US_PINT_ML),
        ("Europe/Belfast", IMPERIAL_PINT_ML),
        ("Europe/Berlin", IMPERIAL_PINT_ML),
        ("Pacific/Honolulu", US_PINT_ML),
    ],
)
def test_a_pint_is_the_one_of_the_country(zone: str, pint: float) -> None:
    assert measures_in(zone).pint_ml == pint
