package dl2.kubernetes.driver;

import dl2.model.Resources;
import java.util.List;
import java.util.Map;

/** Turns each job's allocation for the slot into API calls (dl2-spec §11): only the difference. */
public interface ScalingDriver {
  /**
   * Counts of what one slot's apply changed, and the jobs whose objects the API server rejected
   * (job name to the server's message): those jobs are left as they are, the others applied.
   */
  record Changes(int created, int deleted, Map<String, String> rejected) {
    public Changes(int created, int deleted) {
      this(created, deleted, Map.of());
    }

    public Changes plus(Changes other) {
      Map<String, String> all = new java.util.TreeMap<>(rejected);
      other.rejected.forEach(all::putIfAbsent);
      return new Changes(created + other.created, deleted + other.deleted, all);
    }
  }

  /**
   * The tasks each job runs as the slot starts, on the nodes the driver chose: what the next
   * decision keeps in place. Empty for the drivers whose pods another scheduler places.
   */
  default List<RunningTask> running() {
    return List.of();
  }

  /**
   * Makes the cluster match {@code plans} (jobs in name order; a job absent from the list gets no
   * tasks), on nodes of {@code nodeCapacity} each (null: unknown). Must be idempotent: applying the
   * same plans twice changes nothing the second time.
   */
  Changes apply(List<JobPlan> plans, Resources nodeCapacity);

  /** {@link #apply(List, Resources)} without knowing the nodes' capacity. */
  default Changes apply(List<JobPlan> plans) {
    return apply(plans, null);
  }
}
