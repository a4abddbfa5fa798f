"""The rules pages' data, from `majiang.rules` itself: per ruleset its seats, tiles, calls, shapes,
how values combine, the pattern table (`Pattern`: id, zh, en, value, excludes) and a few worked
hands scored by the ruleset's own scorer (requests like `tests/data/ID.jsonl`'s)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from majiang.analysis import Shape
from majiang.rules import available, get_ruleset
from majiang.rules.base import MELD_KINDS
from majiang.scoring import score
from majiang.server.api.deps import ApiError

router = APIRouter()
SHAPES = {Shape.STANDARD: ("standard", "四组一将", "four sets and a pair"),
          Shape.SEVEN_PAIRS: ("seven_pairs", "七对", "seven pairs"),
          Shape.THIRTEEN_ORPHANS: ("thirteen_orphans", "十三幺", "thirteen orphans")}


@router.get("/api/rules")
async def rules_index() -> list[dict[str, Any]]:
    """Every ruleset with its names and seats."""
    return [{"id": r, "zh": get_ruleset(r).zh, "en": get_ruleset(r).en,
             "players": get_ruleset(r).players} for r in available()]


@router.get("/api/rules/{rules_id}")
async def rules_page(rules_id: str) -> dict[str, Any]:
    """One ruleset's page data (404 for an unknown id)."""
    if rules_id not in available():
        raise ApiError(f"未知规则 / unknown ruleset {rules_id!r}", 404)
    return ruleset_page(rules_id)


@cache
def ruleset_page(rules_id: str) -> dict[str, Any]:
    """The page data of a ruleset (see the module docstring)."""
    rs = get_ruleset(rules_id)
    return {
        "id": rs.id, "zh": rs.zh, "en": rs.en, "players": rs.players,
        "tiles": rs.tile_count, "kinds": len(rs.kinds), "copies": rs.copies,
        "calls": [{"id": k, "zh": MELD_KINDS[k].zh, "en": MELD_KINDS[k].en}
                  for k in MELD_KINDS if k in rs.meld_kinds],
        "shapes": [{"id": i, "zh": zh, "en": en} for s, (i, zh, en) in SHAPES.items()
                   if s in rs.shapes],
        "combine": rs.combine, "minimum": rs.minimum, "hands_per_match": rs.hands_per_match,
        "patterns": [{"id": p.id, "zh": p.zh, "en": p.en, "value": p.value,
                      "excludes": list(p.excludes)} for p in rs.patterns],
        "examples": [{"case": ex["case"], "request": ex["request"], "answer": score(ex["request"])}
                     for ex in EXAMPLES.get(rules_id, [])],
    }


# worked hands (from tests/data/ID.jsonl), scored live by the ruleset
EXAMPLES: dict[str, list[dict[str, Any]]] = {
 'tuidaohu': [{'case': 'pi_hu (屁胡) on a discard: sequences in '
                       'three suits and an honour pair; the '
                       'discarder alone pays x1',
               'request': {'rules': 'tuidaohu',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'discard',
                           'discarder': 1,
                           'hand': '123m456p789s23m55z',
                           'win_tile': '4m',
                           'melds': []}},
              {'case': 'qing_yi_se (清一色) all dots, self-drawn, '
                       'no claimed melds: x4 from each',
               'request': {'rules': 'tuidaohu',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'self_drawn',
                           'discarder': None,
                           'hand': '123p345p567p999p2p',
                           'win_tile': '2p',
                           'melds': []}},
              {'case': '包牌: self-drawn qing_yi_se with three '
                       'bamboo pungs; seat 2 fed the third, so '
                       'seat 2 pays all 3 x 4',
               'request': {'rules': 'tuidaohu',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'self_drawn',
                           'discarder': None,
                           'hand': '2346s',
                           'win_tile': '6s',
                           'melds': [{'kind': 'pung',
                                      'tiles': '111s',
                                      'from': 1},
                                     {'kind': 'pung',
                                      'tiles': '999s',
                                      'from': 3},
                                     {'kind': 'pung',
                                      'tiles': '555s',
                                      'from': 2}]}}],
 'yangzhou': [{'case': 'seed example of 独吊: 123 456 789m 345s, '
                       'single wait on 5p, won on a discard: 一条龙 '
                       '+ 门清 + 平糊 + 独吊',
               'request': {'rules': 'yangzhou',
                           'win_type': 'discard',
                           'discarder': 2,
                           'hand': '123456789m345s5p',
                           'win_tile': '5p'}},
              {'case': 'the same hand self-drawn: 自摸 brings it '
                       'to exactly 18, each of the three others '
                       'pays 18',
               'request': {'rules': 'yangzhou',
                           'win_type': 'self_drawn',
                           'hand': '112233m456p67s55s',
                           'win_tile': '8s'}},
              {'case': '风清: all honours; 对对胡 is implied and not '
                       'added; East pung is both seat and round '
                       'wind; two dragon pungs',
               'request': {'rules': 'yangzhou',
                           'win_type': 'discard',
                           'discarder': 1,
                           'hand': '111z222z555z666z7z',
                           'win_tile': '7z'}}],
 'kawuxing': [{'case': 'ka_wu_xing: 5p fills the 4_6 gap; '
                       'discarder pays 2',
               'request': {'rules': 'kawuxing',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'discard',
                           'discarder': 1,
                           'hand': '46p123s789s234p11p',
                           'win_tile': '5p',
                           'melds': []}},
              {'case': 'seed example: four pungs incl. the three '
                       'dragons, one tile left and won: '
                       'da_san_yuan 8 x peng_peng_hu 2 x '
                       'shou_zhua_yi 4 = 64',
               'request': {'rules': 'kawuxing',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'discard',
                           'discarder': 2,
                           'hand': '3p',
                           'win_tile': '3p',
                           'melds': [{'kind': 'pung',
                                      'tiles': '555z',
                                      'from': 1},
                                     {'kind': 'pung',
                                      'tiles': '666z',
                                      'from': 2},
                                     {'kind': 'pung',
                                      'tiles': '777z',
                                      'from': 1},
                                     {'kind': 'pung',
                                      'tiles': '999s',
                                      'from': 2}]}},
              {'case': '包胡: discarding into a declared hand; '
                       'value 2 (liang_dao), discarder pays a '
                       'double share = 4, the third seat nothing',
               'request': {'rules': 'kawuxing',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'discard',
                           'discarder': 1,
                           'hand': '12345678p234s99s',
                           'win_tile': '9p',
                           'melds': [],
                           'flags': ['declared']}}],
 'jincheng': [{'case': 'Payment case 1 (闲家未听牌给庄家点胡): the dealer '
                       'wins on a discard from an undeclared '
                       'non-dealer; 点炮: the discarder pays 4, '
                       'the other two 2 each',
               'request': {'rules': 'jincheng',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'discard',
                           'discarder': 2,
                           'hand': '123m456p789s23s11z',
                           'win_tile': '4s',
                           'melds': [],
                           'flags': ['declared'],
                           'others': {'2': {'declared': False}}}},
              {'case': 'Payment case 7 (庄家自摸): each non-dealer '
                       'pays 4',
               'request': {'rules': 'jincheng',
                           'dealer': 0,
                           'winner': 0,
                           'win_type': 'self_drawn',
                           'discarder': None,
                           'hand': '223344m567s88p66z',
                           'win_tile': '6z',
                           'melds': [],
                           'flags': ['declared']}},
              {'case': '十三么 fully concealed, thirteen-sided '
                       'wait, non-dealer self-drawn (case 8)',
               'request': {'rules': 'jincheng',
                           'dealer': 0,
                           'winner': 1,
                           'win_type': 'self_drawn',
                           'discarder': None,
                           'hand': '19m19p19s1234567z',
                           'win_tile': '7z',
                           'melds': [],
                           'flags': ['declared']}}],
 'wuhan': [{'case': '屁胡 self-drawn, hard, two red-dragon kongs; '
                    'dealer is a loser (x2 for that loser only), '
                    'every loser x2 for 自摸',
            'request': {'rules': 'wuhan',
                        'dealer': 0,
                        'winner': 1,
                        'win_type': 'self_drawn',
                        'discarder': None,
                        'hand': '123m456m789m2s',
                        'win_tile': '2s',
                        'melds': [{'kind': 'pung',
                                   'tiles': '777s',
                                   'from': 0},
                                  {'kind': 'red_kong',
                                   'tiles': '7z',
                                   'from': None},
                                  {'kind': 'red_kong',
                                   'tiles': '7z',
                                   'from': None}],
                        'laizi': '5p',
                        'others': {'0': {'opened': True},
                                   '2': {'opened': False,
                                         'kongs': {'red': 1}},
                                   '3': {'opened': True,
                                         'kongs': {'concealed': 1}}}}},
           {'case': '杠开 after a concealed kong, with a laizi '
                    'kong: every loser reaches 600, so 金顶: 800, '
                    'unopened losers 1600; no 自摸 factor for 杠开',
            'request': {'rules': 'wuhan',
                        'dealer': 0,
                        'winner': 0,
                        'win_type': 'self_drawn',
                        'hand': '345m789s8m',
                        'win_tile': '8m',
                        'melds': [{'kind': 'pung',
                                   'tiles': '222s',
                                   'from': 1},
                                  {'kind': 'laizi_kong',
                                   'tiles': '7p',
                                   'from': None},
                                  {'kind': 'concealed_kong',
                                   'tiles': '9999m',
                                   'from': None}],
                        'laizi': '7p',
                        'flags': ['kong_replacement'],
                        'others': {'1': {'opened': False},
                                   '2': {'opened': True},
                                   '3': {'opened': False}}}},
           {'case': '将一色 (乱将): every tile is a 2, 5 or 8, no '
                    'sets needed; discard win',
            'request': {'rules': 'wuhan',
                        'dealer': 3,
                        'winner': 1,
                        'win_type': 'discard',
                        'discarder': 3,
                        'hand': '22m8m5p2p5s8s',
                        'win_tile': '8s',
                        'melds': [{'kind': 'pung',
                                   'tiles': '555m',
                                   'from': 2},
                                  {'kind': 'pung',
                                   'tiles': '888p',
                                   'from': 0}],
                        'laizi': '3s',
                        'others': {'0': {'opened': True,
                                         'kongs': {'red': 1}},
                                   '2': {'opened': True},
                                   '3': {'opened': False,
                                         'kongs': {'concealed': 1}}}}}]}
