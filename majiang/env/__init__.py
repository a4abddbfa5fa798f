"""Learning environments over the engine: PettingZoo AEC and parallel, Gymnasium, vectorised.

    from majiang.env import env
    e = env(rules="wuhan")          # PettingZoo AEC, one agent per seat
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, info = e.last()
        e.step(None if done else e.action_space(agent).sample(obs["action_mask"]))

`actions` is the fixed action space, `observation` the documented vector; `aec`, `parallel`,
`single` (one seat against majiang bots, Gymnasium) and `vector` (many hands at once) are the
environments. docs/env.md has the tables and the measured runs.
"""

from majiang.env.aec import MajiangEnv, env, raw_env
from majiang.env.parallel import MajiangParallelEnv, parallel_env

__all__ = ["MajiangEnv", "MajiangParallelEnv", "env", "parallel_env", "raw_env"]
