package dl2.model;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A named, immutable list of jobs sorted by id; every simulation runs on its own fresh state. */
public record Trace(String name, List<JobSpec> jobs) {
  public Trace {
    if (jobs.isEmpty()) {
      throw new IllegalArgumentException("trace " + name + " has no jobs");
    }
    jobs = jobs.stream().sorted(Comparator.comparingInt(JobSpec::id)).toList();
    Set<Integer> ids = new HashSet<>();
    for (JobSpec job : jobs) {
      if (!ids.add(job.id())) {
        throw new IllegalArgumentException("trace " + name + " has job id " + job.id() + " twice");
      }
    }
  }

  public int size() {
    return jobs.size();
  }

  /** The last arrival slot of any job. */
  public int lastArrivalSlot() {
    return jobs.stream().mapToInt(JobSpec::arrivalSlot).max().orElse(0);
  }
}
