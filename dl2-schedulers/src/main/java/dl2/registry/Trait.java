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
   * Chooses each job's GPU type (the heterogeneity-aware greedy rules of
   * docs/heuristics/heterogeneity-aware.md, Gavel's and Sia's optimisers of
   * docs/heuristics/gavel-and-sia.md): compare runs it on a cluster of several GPU types only; not
   * a {@link #BASELINE}, so that single-type tables stay as they were.
   */
  GPU_TYPE_AWARE,
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
  ORACLE,
  /** Reads no job length: runs under {@code --lengths unknown} (docs/job-lengths.md). */
  NEEDS_NO_LENGTHS,
  /**
   * An information-matched baseline of docs/job-lengths.md: compare runs it by default when lengths
   * are estimated or unknown (not under {@code exact}, so that its tables stay as they were).
   */
  LENGTH_BASELINE,
  /**
   * Reads the true job lengths ({@code dl2.slot.OracleLengths}): a reference row of compare when
   * lengths are estimated or unknown, never its best heuristic.
   */
  LENGTH_ORACLE
}
