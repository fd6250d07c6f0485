package dl2.schedulers.lengths;

import dl2.schedulers.Tiresias;
import dl2.slot.JobView;
import dl2.slot.RunBoundary;
import dl2.slot.Scheduler;
import dl2.slot.SlotContext;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Tiresias' 2D-Gittins (Gu et al., NSDI'19) for elastic jobs, without job lengths: each job's
 * priority is the Gittins index of the service it attained (task-slots, as {@link Tiresias} counts
 * it) under the job-size distribution of the training traces ({@link LengthPrior}); jobs in
 * descending index, then arrival, then id, are brought up to each shape of Tiresias' shipped ladder
 * in turn, and a failed placement ends the slot.
 */
public final class Gittins implements Scheduler {
  private record Ranked(double index, JobView job) {}

  private static final Comparator<Ranked> PRIORITY =
      Comparator.comparingDouble(Ranked::index)
          .reversed()
          .thenComparingInt(r -> r.job().arrivalSlot())
          .thenComparingInt(r -> r.job().id());

  private final GittinsIndex index;
  private final List<Tiresias.Shape> levels;
  private final Map<Double, Double> indexCache = new HashMap<>();
  private Map<Integer, Double> services = new TreeMap<>();
  private final RunBoundary runs = new RunBoundary();

  public Gittins(LengthPrior prior) {
    this(prior.serviceTaskSlots(), Tiresias.SHIPPED.levels());
  }

  /** With job sizes {@code sortedSizes} (task-slots, ascending) and the ladder {@code levels}. */
  public Gittins(double[] sortedSizes, List<Tiresias.Shape> levels) {
    this.index = new GittinsIndex(sortedSizes);
    this.levels = List.copyOf(levels);
  }

  @Override
  public String name() {
    return LengthSchedulers.GITTINS;
  }

  @Override
  public void schedule(SlotContext slot) {
    if (runs.startsNewRun(slot.slot())) {
      services = new TreeMap<>(); // a new simulation
    }
    List<JobView> order =
        slot.jobs().stream()
            .map(job -> new Ranked(indexOf(services.getOrDefault(job.id(), 0.0)), job))
            .sorted(PRIORITY)
            .map(Ranked::job)
            .toList();
    for (Tiresias.Shape level : levels) {
      if (!Tiresias.allocate(slot, order, level)) {
        break;
      }
    }
    Map<Integer, Double> next = new TreeMap<>();
    for (JobView job : slot.jobs()) {
      next.put(
          job.id(), services.getOrDefault(job.id(), 0.0) + job.workers() + job.parameterServers());
    }
    services = next;
  }

  private double indexOf(double attained) {
    return indexCache.computeIfAbsent(attained, index::at);
  }
}
