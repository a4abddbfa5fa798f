"""The environments: PettingZoo's own API tests per ruleset, the action space, observations that
show only what the seat's view shows, rewards that sum to the payments, the Gymnasium wrapper
and the vectorised form."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from majiang.env import env, parallel_env
from majiang.env.actions import N_ACTIONS, action_index, describe, legal_index
from majiang.env.check import masked_random
from majiang.env.encoder import encode
from majiang.env.observation import FIELDS, SIZE, encode_view, split
from majiang.env.single import SingleAgentEnv
from majiang.env.vector import VectorEnv
from majiang.game.actions import DISCARDS, PASS_ACTION, Action
from majiang.game.seat_view import SeatView
from majiang.rules import available

RULES = available()


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.filterwarnings("ignore", module="pettingzoo")
    warnings.filterwarnings("ignore", module="gymnasium")


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_api(rules: str) -> None:
    api_test(env(rules=rules), num_cycles=200)
    api_test(env(rules=rules, obs_type="dict"), num_cycles=50)
    parallel_api_test(parallel_env(rules=rules), num_cycles=200)
    seed_test(lambda: env(rules=rules), num_cycles=100)


@pytest.mark.parametrize("rules", RULES)
def test_masked_random_agents_never_act_illegally(rules: str) -> None:
    result = masked_random(rules, hands=15, seed=3)
    assert (result.illegal, result.mask_mismatch, result.reward_mismatch) == (0, 0, 0)
    assert result.hands == 15 and result.steps > 15 * 20


def test_agents_per_seat() -> None:
    assert env(rules="kawuxing").possible_agents == ["player_0", "player_1", "player_2"]
    assert len(env(rules="wuhan").possible_agents) == 4


def test_action_space_indices() -> None:
    assert describe(0) == "discard 1m" and describe(N_ACTIONS - 1) == "pass"
    assert describe(action_index(Action("kong", 31, kind="laizi_kong"))) == "laizi_kong 5z"
    assert action_index(Action("chow", tiles=(3, 4, 5)), claimed=5) == 36  # high
    assert len({describe(i) for i in range(N_ACTIONS)}) == N_ACTIONS
    legal = legal_index([DISCARDS[4], PASS_ACTION], None)
    assert legal[4] is DISCARDS[4] and legal[N_ACTIONS - 1] is PASS_ACTION
    with pytest.raises(ValueError):
        legal_index([DISCARDS[4], DISCARDS[4]], None)


@pytest.mark.parametrize("rules", RULES)
def test_observation_is_what_the_view_shows(rules: str) -> None:
    """The environment's encoder (kept up to date across the hand) reads the state; every
    seat's vector equals the one built from its JSON view, at every step of a few random hands."""
    e = env(rules=rules)
    rng = np.random.default_rng(1)
    for h in range(3):
        e.reset(seed=h)
        while e.agents:
            obs, _, done, _, _ = e.last()
            if done:
                e.step(None)
                continue
            hand = e.hand
            for seat in range(hand.players):
                view = SeatView.from_json(hand.view(seat))
                assert np.array_equal(e.driver.observe(seat),
                                      encode_view(view, hand.phase, hand.options))
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_dict_form_names_the_vector_fields() -> None:
    e = env(rules="wuhan", obs_type="dict")
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)["observation"]
    assert list(obs) == [name for name, _ in FIELDS]
    assert obs["hand"].sum() == 14 and obs["laizi"].sum() == 1 and obs["wall_left"][0] > 0
    vector = encode(e.hand, 0)
    assert vector.shape == (SIZE,) and np.array_equal(split(vector)["hand"], obs["hand"])


def test_options_reach_the_hand() -> None:
    e = env(rules="yangzhou", options={"round_wind": "2z"})
    e.reset(seed=0, options={"dealer": 2})
    assert e.hand.dealer == 2 and e.hand.options["round_wind"] == "2z"
    assert split(encode(e.hand, 0))["round_wind"].tolist() == [0, 1, 0, 0]


@pytest.mark.parametrize("rules", ["tuidaohu", "kawuxing", "wuhan"])
def test_single_agent_against_bots(rules: str) -> None:
    e = SingleAgentEnv(rules, seat=1, opponents="efficient", illegal_penalty=1.0)
    check_env(e, skip_render_check=True)
    rng = np.random.default_rng(0)
    for h in range(3):
        obs, _ = e.reset(seed=h)
        total, done, info = 0.0, False, {}
        while not done:
            obs, reward, done, _, info = e.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            total += reward
        assert total == info["result"]["payments"][1]
    strict = SingleAgentEnv(rules)
    obs, _ = strict.reset(seed=0)
    with pytest.raises(ValueError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_vector_env_steps_many_hands() -> None:
    v = VectorEnv("kawuxing", num_envs=8)
    obs, masks, seats = v.reset(seed=5)
    assert obs.shape == (8, SIZE) and masks.shape == (8, N_ACTIONS) and seats.shape == (8,)
    rng = np.random.default_rng(0)
    ended, totals = 0, np.zeros((8, 3))
    for _ in range(400):
        obs, masks, seats, rewards, dones = v.step((rng.random(masks.shape) * masks).argmax(1))
        totals += rewards
        ended += int(dones.sum())
        assert (masks.sum(1) > 0).all()
    assert ended > 0 and np.isclose(totals.sum(), 0.0)  # every payment is between the seats
    again = VectorEnv("kawuxing", num_envs=8)
    first, _, _ = again.reset(seed=5)
    assert np.array_equal(first, VectorEnv("kawuxing", num_envs=8).reset(seed=5)[0])


def test_imitation_example_runs_small() -> None:
    """The learning example end to end, tiny: imitation lowers the loss, self-play updates the
    weights, the policy plays the arena as a bot."""
    from majiang.env.imitate import collect, imitate, self_play
    from majiang.env.imitate_cli import arena
    from majiang.env.policy import DIM, LinearPolicy

    decisions = collect("kawuxing", hands=3, teacher="efficient")
    assert len(decisions) > 10 and all(rows.shape[1] == DIM for rows, _ in decisions)
    policy = LinearPolicy("kawuxing")
    start = imitate(LinearPolicy("kawuxing"), decisions, steps=1)
    fitted = imitate(policy, decisions, steps=60)
    assert fitted["loss"] < start["loss"] and fitted["agreement"] > 0.5
    before = policy.weights.copy()
    assert self_play(policy, 2, "test")["decisions"] > 0
    assert not np.array_equal(before, policy.weights)
    report = arena(policy, 1)
    assert report["games"] == 6 and set(report["bots"]) == {"policy", "efficient"}


@pytest.mark.parametrize("rules", RULES)
def test_policy_features_every_ruleset(rules: str) -> None:
    """The policy reads every ruleset's observations and always picks a legal action."""
    from majiang.env.policy import DIM, LinearPolicy, PolicyBot

    bot = PolicyBot(LinearPolicy(rules, np.linspace(-1, 1, DIM, dtype=np.float32)))
    e = env(rules=rules)
    e.reset(seed=3)
    hand = e.hand
    while not hand.is_over:
        for seat in sorted(hand.to_act()):
            legal = hand.legal_actions(seat)
            action = bot.choose(hand.seat_view(seat), legal)
            assert action in legal
            hand.apply(seat, action)
