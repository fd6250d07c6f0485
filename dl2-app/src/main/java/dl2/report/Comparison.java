package dl2.report;

import dl2.evaluation.SchedulerCatalog;
import dl2.schedulers.registry.Schedulers;
import dl2.slot.SchedulerName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Several schedulers on the same traces: what {@code dl2 compare} writes to results.json. Runs keep
 * their insertion order, which is the order tables and charts list them in.
 *
 * @param workload preset name
 * @param baseSeed the base seed every trace and simulator seed derives from
 * @param traceNames the traces, in order; every run covers exactly these
 * @param runs one per scheduler, names unique
 * @param traceSet which traces: {@link #TEST}, {@link #VALIDATION}, {@link #FILES} or {@link
 *     #UNSPECIFIED}
 * @param references runs that are never the best heuristic, because they know more than the others
 *     (the oracles when lengths are estimated or unknown: docs/job-lengths.md); usually none
 */
public record Comparison(
    String workload,
    long baseSeed,
    List<String> traceNames,
    List<SchedulerRun> runs,
    String traceSet,
    List<String> references) {
  /** The scheduler the paper normalises JCTs by. */
  public static final String REFERENCE = Schedulers.DRF;

  /** Generated held-out test traces: never used for training or for selecting a checkpoint. */
  public static final String TEST = "test";

  /** Generated validation traces: the ones training uses to pick its best checkpoint. */
  public static final String VALIDATION = "validation";

  /** Trace files given by the user. */
  public static final String FILES = "files";

  /** Not recorded (e.g. a results.json written before the trace set was). */
  public static final String UNSPECIFIED = "unspecified";

  public Comparison {
    traceNames = List.copyOf(traceNames);
    runs = List.copyOf(runs);
    references = List.copyOf(references);
    for (int i = 0; i < runs.size(); i++) {
      SchedulerRun run = runs.get(i);
      if (!run.traceNames().equals(traceNames)) {
        throw new IllegalArgumentException(
            run.scheduler() + " ran on " + run.traceNames() + ", not " + traceNames);
      }
      for (int j = 0; j < i; j++) {
        if (runs.get(j).scheduler().equals(run.scheduler())) {
          throw new IllegalArgumentException("scheduler " + run.scheduler() + " appears twice");
        }
      }
    }
  }

  /** A comparison in which every scheduler that is not learned may be the best heuristic. */
  public Comparison(
      String workload,
      long baseSeed,
      List<String> traceNames,
      List<SchedulerRun> runs,
      String traceSet) {
    this(workload, baseSeed, traceNames, runs, traceSet, List.of());
  }

  /** A comparison whose trace set is not known. */
  public Comparison(
      String workload, long baseSeed, List<String> traceNames, List<SchedulerRun> runs) {
    this(workload, baseSeed, traceNames, runs, UNSPECIFIED);
  }

  public Optional<SchedulerRun> run(String scheduler) {
    return runs.stream().filter(r -> r.scheduler().equals(scheduler)).findFirst();
  }

  /**
   * Mean average JCT of {@code scheduler} divided by the reference's; empty without a reference.
   */
  public Optional<Double> jctRatioToReference(String scheduler) {
    Optional<SchedulerRun> reference = run(REFERENCE);
    return run(scheduler).flatMap(r -> reference.map(ref -> r.meanAvgJct() / ref.meanAvgJct()));
  }

  /**
   * A copy with {@code run} added (or replacing the run of the same scheduler), e.g. the learned
   * scheduler.
   */
  public Comparison with(SchedulerRun run) {
    List<SchedulerRun> updated = new ArrayList<>(runs);
    int index = updated.indexOf(run(run.scheduler()).orElse(null));
    if (index >= 0) {
      updated.set(index, run);
    } else {
      updated.add(run);
    }
    return new Comparison(workload, baseSeed, traceNames, updated, traceSet, references);
  }

  /**
   * Whether {@code scheduler} is a learned policy: {@code dl2} or a name starting with {@code
   * dl2-}, placed or not.
   */
  public static boolean isLearned(String scheduler) {
    String learned =
        SchedulerName.ofLabel(scheduler).map(SchedulerName::scheduler).orElse(scheduler);
    return learned.equals(SchedulerCatalog.POLICY)
        || learned.startsWith(SchedulerCatalog.POLICY + "-");
  }

  /**
   * The best heuristic: the scheduler that is neither learned nor a reference with the lowest mean
   * average JCT on these traces (the first in run order on a tie); empty if there is none.
   */
  public Optional<String> bestHeuristic() {
    SchedulerRun best = null;
    for (SchedulerRun run : runs) {
      if (!isLearned(run.scheduler())
          && !references.contains(run.scheduler())
          && (best == null || run.meanAvgJct() < best.meanAvgJct())) {
        best = run;
      }
    }
    return Optional.ofNullable(best).map(SchedulerRun::scheduler);
  }
}
