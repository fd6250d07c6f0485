package dl2.schedulers;

import dl2.io.InputException;
import dl2.slot.Scheduler;
import java.util.List;

/** The baseline schedulers by name. */
public final class Schedulers {
  /**
   * Every baseline, in the order reports list them: {@code optimus} knows the speed model (§6.5),
   * {@code optimus-fitted} learns it from observed progress (§6.6), as in the paper's comparison;
   * then the stronger heuristics of docs/heuristics/: {@code optimus-remaining} (Optimus ranking
   * tasks by the fraction of a job's remaining time they save) and {@code tiresias}
   * (least-attained-service, no job lengths or speeds).
   */
  public static final List<String> BASELINES =
      List.of("drf", "fifo", "srtf", "tetris", "optimus", "optimus-fitted", "optimus-remaining", "tiresias");

  /**
   * The placement- and interference-aware greedy (docs/heuristics/ia-greedy.md): {@code ia-greedy} measures
   * everything from observed progress, {@code ia-greedy-oracle} asks the simulator's world (placed
   * dry runs), as {@code optimus-fitted} and {@code optimus} do for speeds. Not in
   * {@link #BASELINES}, so that the default comparisons stay as they were; known by name.
   */
  public static final List<String> PLACEMENT_AWARE = List.of("ia-greedy", "ia-greedy-oracle");

  /**
   * Schedulers that choose their tasks' nodes themselves (Tetris packs by resource fit, the
   * placement-aware greedy by expected slowdown), so a placement policy has nothing to decide for
   * them and {@code NAME@PLACEMENT} is refused.
   */
  public static final List<String> PLACE_THEMSELVES = List.of("tetris", "ia-greedy", "ia-greedy-oracle");

  /** Oracles that ask the simulator's world how a placement would run; no emulated or live cluster can answer them. */
  public static final List<String> NEED_SIMULATOR = List.of("ia-greedy-oracle");

  /**
   * Planners over a baseline (docs/heuristics/rollout.md): {@code rollout} scores candidate allocations by
   * simulating optimus-remaining in a model with its knowledge (dry-run speeds, job lengths). Not
   * in {@link #BASELINES}: it costs many times its base, so compare runs it when named.
   */
  public static final List<String> PLANNERS = List.of(Rollout.NAME);

  /** Every scheduler {@link #baseline} knows: {@link #BASELINES}, {@link #PLACEMENT_AWARE}, then {@link #PLANNERS}. */
  public static final List<String> NAMES =
      java.util.stream.Stream.of(BASELINES, PLACEMENT_AWARE, PLANNERS).flatMap(List::stream).toList();

  private Schedulers() {}

  /**
   * A fresh baseline called {@code name}. {@code optimusEstimationError} applies to (simulator) Optimus only;
   * {@code seed} drives its estimation-error signs.
   */
  public static Scheduler baseline(String name, double optimusEstimationError, long seed) {
    return switch (name) {
      case "drf" -> new Drf();
      case "fifo" -> new Fifo();
      case "srtf" -> new Srtf();
      case "tetris" -> new Tetris();
      case "optimus" -> new Optimus(optimusEstimationError, seed);
      case "optimus-fitted" -> new OptimusFitted();
      case "optimus-remaining" -> new OptimusRemaining();
      case "tiresias" -> new Tiresias();
      case "ia-greedy" -> IaGreedy.measured();
      case "ia-greedy-oracle" -> IaGreedy.oracle();
      case Rollout.NAME -> new Rollout();
      default -> throw new InputException(
          "unknown scheduler '" + name + "'; valid schedulers: " + String.join(", ", NAMES));
    };
  }

  public static Scheduler baseline(String name) {
    return baseline(name, 0, 0);
  }
}
