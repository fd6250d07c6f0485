package dl2.slot;

import dl2.model.ClusterSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scratch copy of one slot: a twin of each outstanding job (same spec, caps and ledger, a
 * placement of its own, starting empty) on a copy of the cluster's usage, so that a scheduler can
 * decide, or tasks can be packed, without touching the real slot. Orders and dry runs are the real
 * slot's, asked about the real jobs. What {@link StableScheduler} decides and packs on.
 */
final class TwinSlot implements ClusterSlot.Host {
  private final SlotContext real;
  private final List<JobView> twins = new ArrayList<>();

  /** Each twin's real job, looked up by id, never iterated. */
  private final Map<Integer, JobView> realById = new HashMap<>();

  private final Map<Integer, JobView> twinById = new HashMap<>();
  private final ClusterState cluster;
  private final ClusterSlot context;

  /**
   * Twins of {@code real}'s jobs, which must all be {@link SlotJob}s holding no task yet, on a copy
   * of its usage.
   */
  TwinSlot(SlotContext real) {
    this.real = real;
    ClusterSpec spec = real.cluster().spec();
    this.cluster = new ClusterState(spec);
    for (int node = 0; node < spec.nodes(); node++) {
      cluster.allocate(node, real.cluster().used(node));
    }
    for (JobView job : real.jobs()) {
      SlotJob original = (SlotJob) job;
      SlotJob twin =
          new SlotJob(
              this, original.name(), original.spec(), spec, real.taskCap(), original.ledger());
      twins.add(twin);
      realById.put(job.id(), job);
      twinById.put(job.id(), twin);
    }
    this.context = new ClusterSlot(this, real.slot(), real.taskCap(), cluster);
  }

  /**
   * Whether {@code real} can be twinned: every job a {@link SlotJob} and none holding a task yet.
   */
  static boolean supports(SlotContext real) {
    return real.jobsWithTasks().isEmpty()
        && real.jobs().stream().allMatch(j -> j instanceof SlotJob);
  }

  /** The scratch slot's context. */
  SlotContext context() {
    return context;
  }

  /** The twins, ascending id. */
  List<JobView> twins() {
    return twins;
  }

  JobView twinOf(JobView realJob) {
    return twinById.get(realJob.id());
  }

  JobView realOf(JobView twin) {
    return realById.get(twin.id());
  }

  @Override
  public boolean isOpen(int slot) {
    return true;
  }

  @Override
  public TaskPlacement placementOf(JobView job) {
    return job instanceof SlotJob twin && twin.isOf(this) ? twin.placement() : null;
  }

  @Override
  public List<JobView> jobs() {
    return twins;
  }

  @Override
  public Iterable<JobView> jobsByArrival() {
    return twinsOf(real.jobsByArrival());
  }

  @Override
  public Iterable<JobView> jobsByRemainingFraction() {
    return twinsOf(real.jobsByRemainingFraction());
  }

  private List<JobView> twinsOf(Iterable<JobView> realOrder) {
    List<JobView> ordered = new ArrayList<>(twins.size());
    realOrder.forEach(job -> ordered.add(twinById.get(job.id())));
    return ordered;
  }

  @Override
  public double dryRunEpochsPerSlot(JobView job, int numPs, int numWorkers) {
    return real.dryRunEpochsPerSlot(realOf(job), numPs, numWorkers);
  }

  @Override
  public double dryRunPlacedEpochsPerSlot(JobView job, PlacementProbe probe) {
    return real.dryRunPlacedEpochsPerSlot(realOf(job), probe);
  }
}
