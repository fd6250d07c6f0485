package dl2.registry;

/**
 * What a registered scheduler is, declared where it is registered instead of in lists of names
 * beside it.
 */
public enum Trait {
  /** One of the baselines every report compares (compare's default rows, the studies' sets). */
  BASELINE,
  /**
   * The placement- and interference-aware greedy (docs/heuristics/ia-greedy.md): compare's bar in
   * the realistic world; not a {@link #BASELINE}, so that the default comparisons stay as they
   * were.
   */
  PLACEMENT_AWARE,
  /**
   * A planner over a baseline (rollout): it costs many times its base, so compare runs it only when
   * named.
   */
  PLANNER,
  /**
   * Chooses every task's node itself (Tetris by resource fit, the placement-aware greedy by
   * expected slowdown), so a placement has nothing to decide and {@code NAME@PLACEMENT} is refused.
   */
  PLACES_ITS_OWN_TASKS,
  /**
   * Asks the simulator's world how a placement would run (placed dry runs): no emulated or live
   * cluster can answer.
   */
  NEEDS_SIMULATOR,
  /**
   * Reads what no real cluster knows (the simulator's true speeds or world): text that compares
   * with it says so.
   */
  ORACLE
}
