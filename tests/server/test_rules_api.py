"""The rules pages' data: each ruleset's pattern table is its own `Pattern` data, and its worked
hands are scored by its own scorer."""

from __future__ import annotations

from fastapi.testclient import TestClient

from majiang.rules import available, get_ruleset
from majiang.scoring import score


def test_every_ruleset_has_a_page_from_its_own_data(client: TestClient) -> None:
    index = client.get("/api/rules").json()
    assert [r["id"] for r in index] == available()
    for rules_id in available():
        page = client.get(f"/api/rules/{rules_id}").json()
        rs = get_ruleset(rules_id)
        assert (page["zh"], page["en"], page["players"]) == (rs.zh, rs.en, rs.players)
        assert [(p["id"], p["zh"], p["en"], p["value"]) for p in page["patterns"]] == [
            (p.id, p.zh, p.en, p.value) for p in rs.patterns]
        assert {c["id"] for c in page["calls"]} == set(rs.meld_kinds)
        assert page["shapes"] and page["tiles"] == rs.tile_count
        assert len(page["examples"]) >= 3
        for ex in page["examples"]:
            assert ex["request"]["rules"] == rules_id
            assert ex["answer"] == score(ex["request"]) and ex["answer"]["win"]
            ids = {p.id for p in rs.patterns}
            assert {p["id"] for p in ex["answer"]["patterns"]} <= ids


def test_an_unknown_ruleset_is_404(client: TestClient) -> None:
    r = client.get("/api/rules/nope")
    assert r.status_code == 404 and "nope" in r.json()["error"]
