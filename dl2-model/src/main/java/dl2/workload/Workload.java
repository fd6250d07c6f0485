package dl2.workload;

import dl2.model.JobSpec;
import java.util.List;

/** A source of jobs: a pure function of the seed, independent of anything run before it. */
public interface Workload {
  List<JobSpec> jobs(long seed);
}
