package dl2.kubernetes.driver;

import java.util.List;

/** Turns each job's allocation for the slot into API calls (dl2-spec §11): only the difference. */
public interface ScalingDriver {
  /** Counts of what one slot's apply changed. */
  record Changes(int created, int deleted) {}

  /**
   * Makes the cluster match {@code plans} (jobs in name order; a job absent from the list gets
   * no tasks). Must be idempotent: applying the same plans twice changes nothing the second time.
   */
  Changes apply(List<JobPlan> plans);
}
