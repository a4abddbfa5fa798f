"""A player whose balance falls below the table's requirement loses the seat when the hand ends
(economy.md section 3), and is told why: a `notice` frame `unseated` naming the requirement,
before the table frame that shows the table closed (no human left at it)."""

from __future__ import annotations

from server_player import Transcript, auth, make_client, play, signup, table_socket

from majiang.server import ledger


def test_a_player_unseated_by_a_loss_is_told_why(sqlite_url: str) -> None:
    with make_client(sqlite_url, new_account_grant=250) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        for attempt in range(5):  # a hand can end before the player's second prompt: deal again
            name = f"poorer{attempt}"
            token, _ = signup(client, name)
            r = client.post("/api/tables", json={"rules": "tuidaohu", "bots": 3, "level": 3},
                            headers=auth(token))
            assert r.status_code == 200, r.text
            with table_socket(client, r.json()["code"], token) as ws:
                t = Transcript()
                ws.send_json({"type": "ready"})
                if play(ws, t, max_prompts=1):
                    continue  # over already; this table is left as it stands
                with server.db() as db:  # 150 taels: a hand at this stake cannot bring back 250
                    ledger.adjust(db, name, -100, "test: a loss")
                    db.commit()
                ws.send_json({"type": "act", "prompt_id": t.prompt["prompt_id"],  # type: ignore[index]
                              "action": t.prompt["actions"][-1]})  # type: ignore[index]
                assert play(ws, t)
                frames = []
                for _ in range(50):
                    frames.append(ws.receive_json())
                    if frames[-1]["type"] == "table" and frames[-1]["table"]["status"] == "closed":
                        break
            break
        else:
            raise AssertionError("five hands in a row ended before the player's second prompt")
    notices = [f for f in frames if f["type"] == "notice"]
    assert [n["notice"] for n in notices] == ["unseated"], frames
    text = notices[0]["text"]
    assert text.startswith("你已离座：需要") and " / you were unseated: this table needs " in text
    assert "taels" in text
    kinds = [f["type"] for f in frames]
    assert kinds.index("notice") < len(kinds) - 1 and kinds[-1] == "table"
